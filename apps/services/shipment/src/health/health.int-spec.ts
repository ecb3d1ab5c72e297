import { startShipment, type ShipmentHarness } from '../testing/shipment-harness.js';

describe('shipment service health', () => {
  let shipment: ShipmentHarness;
  beforeAll(async () => {
    shipment = await startShipment();
  });
  afterAll(() => shipment.close());

  it('answers shipment.health with its database up, its schema migrated', async () => {
    await expect(shipment.client.request('shipment.health', {})).resolves.toEqual({ service: 'shipment', database: 'up' });
    const tables = await shipment.adminQuery<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'shipment'`);
    expect(tables.map((row) => row.table_name)).toContain('migrations');
  });
});
