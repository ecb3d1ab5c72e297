import { SimpleGrid, Stack, Title } from '@mantine/core';
import { Tile } from './tile.js';

/**
 * /shipmentmanagement (Employee) and /adminshipmentmanagement (Head, Admin): the
 * import/export chooser of spec 01 §2. Jobs come with later work, so both tiles say so.
 */
export function ShipmentChooserPage() {
  return (
    <Stack maw={720}>
      <Title order={2}>Shipment Management</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Tile label="IMPORT" />
        <Tile label="EXPORT" />
      </SimpleGrid>
    </Stack>
  );
}
