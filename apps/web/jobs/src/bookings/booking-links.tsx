import { Link } from 'react-router-dom';
import { Group, Text } from '@mantine/core';
import { can } from '@freight/contracts';
import { useSession } from '@freight/web-kit';
import { withDirection, type Direction } from '../frame/direction.js';
import type { BookingEntry } from './booking-paths.js';

/**
 * The booking sheet's header links (requirements 02 §2): the admin's with the dashboard, the employee's
 * without; the screens of jobs keep the direction. "Accounts Area" leads to the accounts hub
 * for those who may open it (requirements decisions §2), so it is left out for the others.
 */
export function BookingLinks({ entry, direction }: { entry: BookingEntry; direction: Direction }) {
  const session = useSession();
  if (!session) return null;
  const links: [label: string, to: string][] =
    entry === 'admin'
      ? [
          ['Dashboard', '/admindashboard'],
          ['Import Management', withDirection('/manageimportadmin', direction)],
          ['Today Job Inquiry', withDirection('/worklistadmin', direction)],
          ['Daily Booking Sheet', withDirection('/importbooklist', direction)],
          ['Weekly Vessel Planning', '/managevessel'],
          ['Overseas Offices Detail', '/manageagent'],
        ]
      : [
          ['Import Management', withDirection('/manageimportemployee', direction)],
          ['Today Job Inquiry', withDirection(`/worklistemployee/${encodeURIComponent(session.userId)}`, direction)],
          ['Daily Booking Sheet', withDirection('/importbooklistemployee', direction)],
          ['Weekly Vessel Planning', '/managevesselemployee'],
          ['Overseas Offices Detail', '/manageagentemployee'],
        ];
  if (can(session.role, 'accounts', 'read')) links.push(['Accounts Area', '/admindashboard/accounts']);
  return (
    <Group component="nav" aria-label="Shipment screens" gap="md" wrap="wrap">
      {links.map(([label, to]) => (
        <Text key={label} component={Link} to={to} size="sm" c="indigo.8" td="underline">
          {label}
        </Text>
      ))}
    </Group>
  );
}
