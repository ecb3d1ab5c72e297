import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useRole } from '@freight/web-kit';
import { toolsFor } from './administrative-tools.js';
import { Tile } from './tile.js';

/** /admindashboard/administrativetools: the tools grouped as spec 01 §2, each tile only for its roles. */
export function AdministrativeToolsPage() {
  const role = useRole();
  if (!role) return null;
  return (
    <Stack gap="xl">
      <Title order={2}>Administrative Tools</Title>
      {toolsFor(role).map((group) => (
        <section key={group.title} aria-label={group.title}>
          <Title order={3} size="h4" mb="sm">
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {group.tiles.map((tile) => (
              <Tile key={tile.label} label={tile.label} to={tile.path} />
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
