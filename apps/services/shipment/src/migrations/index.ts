import { ShipmentInit1796200000000 } from './1796200000000-shipment-init.js';
import { Jobs1796200100000 } from './1796200100000-jobs.js';

/** Every migration, oldest first. */
export const migrations = [ShipmentInit1796200000000, Jobs1796200100000];
