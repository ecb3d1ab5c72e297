import type { ReactNode } from 'react';
import { Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { HeaderClock } from './header-clock.js';
import { useSession } from './use-session.js';

interface PageFrameProps {
  title: string;
  /** Buttons of the screen, beside the title (e.g. "Add New Job"). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every jobs and accounts screen, inside the console's shell (whose fixed header keeps Log
 * Out in reach while the page scrolls): the title, the clock `dd/mm/yyyy – Weekday – HH:mm`
 * and the signed-in full name, shown at every width (on a phone the shell's header has
 * room for Log Out only).
 */
export function PageFrame({ title, actions, children }: PageFrameProps) {
  const session = useSession();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          <Group gap="xs" wrap="wrap">
            <HeaderClock c="dimmed" />
            {session && (
              <Text size="sm" fw={600}>
                <VisuallyHidden>Signed in as </VisuallyHidden>
                {session.fullName}
              </Text>
            )}
          </Group>
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
