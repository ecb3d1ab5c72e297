import { Button, Group, Text } from '@mantine/core';
import { logout, useSession } from '@freight/web-kit';
import { HeaderClock } from './header-clock.js';

/** The right side of every staff header: the clock, who is signed in, Log Out. */
export function HeaderUser() {
  const session = useSession();
  if (!session) return null;
  return (
    <Group gap="md" wrap="nowrap">
      <HeaderClock />
      <Text fw={600} aria-label="Signed in as">
        {session.fullName}
      </Text>
      <Button variant="light" color="red" onClick={() => void logout('manual')}>
        Log Out
      </Button>
    </Group>
  );
}
