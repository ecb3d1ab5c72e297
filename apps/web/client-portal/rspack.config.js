import { remoteAppConfig } from '../../../libs/web/rspack.base.js';

/** The client-portal remote: the consignees' and shippers' screens, composed by the portal host. */
export default (_env, argv) => remoteAppConfig({ configUrl: import.meta.url, name: 'clientPortal', port: 4211 }, argv);
