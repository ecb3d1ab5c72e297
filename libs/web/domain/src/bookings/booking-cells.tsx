import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { Job } from '@freight/contracts';

// How a booking's marked values read (requirements 02 §4), on the staff screens and the client portal alike.
// Shades 9: white badge text stays above 4.5:1 (shade 6 is about 3:1).

/** A word marked in colour (white on a dark shade). */
function Mark({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Text span size="xs" fw={700} c="white" bg={color} px={6} py={2} style={{ borderRadius: 4, whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** Active or Inactive (requirements 02 §4: inactive highlighted red); N/A when missing. */
export function JobStatusBadge({ active }: { active: boolean | null | undefined }) {
  if (active === null || active === undefined) return <Text span>N/A</Text>;
  return active ? <Text span>Active</Text> : <Mark color="red.9">Inactive</Mark>;
}

/** Arrived, Cancel, Transit or Process (requirements 02 §4: Arrived highlighted); N/A when not set. */
export function ShipmentStateBadge({ state }: { state: Job['statusOfShipment'] }) {
  if (!state) return <Text span>N/A</Text>;
  return state === 'Arrived' ? <Mark color="teal.9">Arrived</Mark> : <Text span>{state}</Text>;
}
