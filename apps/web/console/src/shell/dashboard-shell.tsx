import { Link, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { AppShell, Burger, Button, Group, NavLink, Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { landingPathFor } from '@freight/contracts';
import { useSession } from '@freight/web-kit';
import { HeaderUser } from './header-user.js';

const SIDEBAR = [
  { label: 'My Management', to: '/admindashboard', end: true, headOnly: false },
  { label: 'Administrative Tools', to: '/admindashboard/administrativetools', end: false, headOnly: false },
  { label: 'Accounts', to: '/admindashboard/accounts', end: false, headOnly: true },
] as const;

/** /admindashboard: header (clock, name, Log Out), sidebar, banner, child screen, footer. */
export function DashboardShell() {
  const session = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  if (!session) return null;
  const onDashboardHome = pathname.replace(/\/+$/, '') === '/admindashboard';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={{ height: 40 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h4">
              Freight Console
            </Title>
          </Group>
          <HeaderUser />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Dashboard">
        {SIDEBAR.filter((item) => !item.headOnly || session.role === 'Head').map((item) => (
          <NavLink
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            end={item.end}
            label={item.label}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>

      <AppShell.Main>
        <Paper p="md" mb="md" bg="indigo.0" radius="md">
          <Group justify="space-between">
            <Title order={2} size="h3">
              Welcome to Import Management
            </Title>
            {onDashboardHome && (
              <Button component={Link} to={session.role === 'Employee' ? landingPathFor(session.role) : '/adminshipmentmanagement'}>
                Shipment Management
              </Button>
            )}
          </Group>
        </Paper>
        <Outlet />
      </AppShell.Main>

      <AppShell.Footer>
        <Text size="xs" c="dimmed" ta="center" lh="40px">
          © {new Date().getFullYear()} Freight Forwarding. All rights reserved.
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
