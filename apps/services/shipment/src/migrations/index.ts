import { ShipmentInit1796200000000 } from './1796200000000-shipment-init.js';

/** Every migration, oldest first. */
export const migrations = [ShipmentInit1796200000000];
