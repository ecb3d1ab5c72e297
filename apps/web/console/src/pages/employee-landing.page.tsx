import { Link } from 'react-router-dom';
import { AppShell, Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useSession } from '@freight/web-kit';
import { HeaderUser } from '../shell/header-user.js';

function DisabledTile({ label }: { label: string }) {
  const hintId = `hint-${label.toLowerCase()}`;
  return (
    <Card withBorder padding="xl" bg="gray.0">
      <UnstyledButton disabled aria-describedby={hintId} style={{ cursor: 'not-allowed' }}>
        <Title order={3} c="dimmed">
          {label}
        </Title>
      </UnstyledButton>
      <Text size="sm" c="dimmed" id={hintId}>
        Not available yet
      </Text>
    </Card>
  );
}

/** /shipmentmanagement: the employee landing (import/export chooser; jobs come in later work). */
export function EmployeeLandingPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} size="h4">
            Shipment Management
          </Title>
          <HeaderUser />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Stack maw={720} mx="auto">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DisabledTile label="IMPORT" />
            <DisabledTile label="EXPORT" />
          </SimpleGrid>
          <Group>
            <Button component={Link} to="/admindashboard/administrativetools" variant="default">
              Administrative Tools
            </Button>
          </Group>
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
