import { useMemo } from 'react';
import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Tile, useRole } from '@freight/web-kit';
import { useRemoteMenus } from '../remotes/remote-menus.js';
import { mergeMenus, toolsFor } from './administrative-tools.js';

export const MENUS_FAILED_MESSAGE = 'Some tools could not be loaded; their tiles show as not available.';

/**
 * /admindashboard/administrativetools: the tools grouped as requirements 01 §2, each tile only for
 * the roles its permission allows, built from the menus the remotes expose (ADR 20).
 */
export function AdministrativeToolsPage() {
  const role = useRole();
  const { menus, retrying, retry } = useRemoteMenus();
  const tiles = useMemo(() => menus && mergeMenus(menus), [menus]);
  if (!role) return null;
  return (
    <Stack gap="xl">
      <Title order={2}>Administrative Tools</Title>
      {!menus || !tiles ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading..." />
        </Center>
      ) : (
        <>
          {menus.some((entry) => 'failed' in entry) && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between" gap="sm">
                <Text>{MENUS_FAILED_MESSAGE}</Text>
                <Button variant="light" color="red" onClick={retry} loading={retrying}>
                  Try again
                </Button>
              </Group>
            </Alert>
          )}
          {toolsFor(tiles, role).map((group) => (
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
        </>
      )}
    </Stack>
  );
}
