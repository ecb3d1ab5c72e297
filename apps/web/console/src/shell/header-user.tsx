import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { HeaderClock, logout, useSession } from '@freight/web-kit';

/**
 * The right side of every staff header: the clock, who is signed in, Log Out.
 * On a phone only Log Out stays in the header; the name and clock move to the menu drawer.
 */
export function HeaderUser() {
  const session = useSession();
  if (!session) return null;
  return (
    <Group gap="md" wrap="nowrap" miw={0}>
      <HeaderClock visibleFrom="md" />
      <Text fw={600} truncate="end" visibleFrom="sm" maw={260}>
        <VisuallyHidden>Signed in as </VisuallyHidden>
        {session.fullName}
      </Text>
      <Button variant="light" color="red" onClick={() => void logout('manual')} style={{ flexShrink: 0 }}>
        Log Out
      </Button>
    </Group>
  );
}
