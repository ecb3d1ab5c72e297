import { Link } from 'react-router-dom';
import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useRole } from '@freight/web-kit';
import { toolsFor, type ToolTile } from './administrative-tools.js';

function Tile({ tile }: { tile: ToolTile }) {
  if (tile.path) {
    return (
      <Card component={Link} to={tile.path} withBorder padding="lg" aria-label={tile.label}>
        <Text fw={600}>{tile.label}</Text>
        <Text size="sm" c="dimmed">
          Open
        </Text>
      </Card>
    );
  }
  const hintId = `hint-${tile.label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Card withBorder padding="lg" bg="gray.0">
      <UnstyledButton disabled aria-disabled="true" aria-describedby={hintId} style={{ cursor: 'not-allowed' }}>
        <Text fw={600} c="dimmed">
          {tile.label}
        </Text>
      </UnstyledButton>
      <Text size="sm" c="dimmed" id={hintId}>
        Not available yet
      </Text>
    </Card>
  );
}

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
              <Tile key={tile.label} tile={tile} />
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
