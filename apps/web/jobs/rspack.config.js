import { remoteAppConfig } from '../../../libs/web/rspack.base.js';

/**
 * The jobs remote: the shipment screens at the spec's paths from the site root (choosers,
 * worklist, jobs, booking sheet, vessels, agents) and the Head's shipment tools (ADR 31).
 */
export default (_env, argv) => remoteAppConfig({ configUrl: import.meta.url, name: 'jobs', port: 4202 }, argv);
