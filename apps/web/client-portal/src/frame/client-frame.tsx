import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Box, Button, Container, Group, Text } from '@mantine/core';
import type { ClientRole } from '@freight/contracts';
import { PageFrame, logout, useClientSession } from '@freight/web-kit';

/** The navigation of each kind of client (requirements 02 §2; the Accounts Area is the consignee's own statement, requirements decisions §2). */
export const CLIENT_NAV: Record<ClientRole, { to: string; label: string }[]> = {
  consignee: [
    { to: '/consigneeshipmentview', label: 'Ocean Visibility' },
    { to: '/viewvesselconsignee', label: 'Vessel Voyages' },
    { to: '/viewagentconsignee', label: 'Overseas Offices' },
    { to: '/consigneeaccounts', label: 'Accounts Area' },
  ],
  shipper: [{ to: '/shippershipmentview', label: 'My Bookings' }],
};

/**
 * Every client screen: a header with the portal's name, the client's navigation and Log Out
 * (every key cleared, the token revoked, back to /clientlogin; the shipper's too, requirements decisions §2),
 * then the page's title, the clock and the client's name, and the screen.
 */
export function ClientFrame({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const session = useClientSession();
  const nav = session ? CLIENT_NAV[session.role] : [];
  const { pathname } = useLocation();
  return (
    <>
      <Box component="header" bg="blue.9" c="white" py="xs">
        <Container size="xl">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fw={700} size="lg">
              Members Area
            </Text>
            <Group component="nav" aria-label="Client" gap="md" wrap="wrap">
              {nav.map((link) => (
                <Text
                  key={link.to}
                  component={NavLink}
                  to={link.to}
                  c="white"
                  fw={600}
                  size="sm"
                  // The current screen's link underlined (NavLink marks it aria-current="page" too).
                  td={pathname === link.to ? 'underline' : 'none'}
                >
                  {link.label}
                </Text>
              ))}
              <Button size="compact-sm" variant="white" color="blue.9" onClick={() => void logout('manual')}>
                Log Out
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="xl" py="md">
        <PageFrame title={title} actions={actions}>
          {children}
        </PageFrame>
      </Container>
    </>
  );
}
