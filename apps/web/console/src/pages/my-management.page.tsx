import { Link } from 'react-router-dom';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@freight/web-kit';

/** /admindashboard index: the admin home. */
export function MyManagementPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <Stack>
      <Title order={2}>My Management</Title>
      <Card withBorder>
        <Text>
          Signed in as <strong>{session.fullName}</strong> ({session.username}, {session.role}).
        </Text>
        <Group mt="md">
          <Button component={Link} to="administrativetools" variant="light">
            Administrative Tools
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
