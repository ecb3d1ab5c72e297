import type { ReactNode } from 'react';
import { Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { HeaderClock } from './header-clock.js';
import { useSession } from './use-session.js';

/**
 * The label of the build this code came from (FREIGHT_BUILD_LABEL at build time, rspack.base.js defines it;
 * '' when unset). Each app bundles its own copy of the kit, so a remote's screens show the remote's label.
 */
export const buildLabel = (): string => process.env.FREIGHT_BUILD_LABEL ?? '';

// The bundler replaces `process.env.FREIGHT_BUILD_LABEL` (no `process` in a browser); tests read Node's.
declare const process: { env: { FREIGHT_BUILD_LABEL?: string } };

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
 * room for Log Out only). A labelled build says so discreetly at the foot ("Build v2").
 */
export function PageFrame({ title, actions, children }: PageFrameProps) {
  const session = useSession();
  const label = buildLabel();
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
      {label && (
        <Text component="footer" size="xs" c="dimmed" ta="right">
          Build {label}
        </Text>
      )}
    </Stack>
  );
}
