import { remoteAppConfig } from '../../../libs/web/rspack.base.js';

/** The master-data remote: users, branches and the other master data (requirements 01 §2). */
export default (_env, argv) => remoteAppConfig({ configUrl: import.meta.url, name: 'masterData', port: 4201 }, argv);
