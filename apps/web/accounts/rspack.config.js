import { remoteAppConfig } from '../../../libs/web/rspack.base.js';

/**
 * The accounts remote: the Head's accounts screens under /admindashboard/accounts (hub, debits,
 * credits, voucher counter; ADR 36).
 */
export default (_env, argv) => remoteAppConfig({ configUrl: import.meta.url, name: 'accounts', port: 4203 }, argv);
