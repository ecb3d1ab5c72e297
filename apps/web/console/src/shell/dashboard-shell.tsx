import type { ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { AppShell, Box, Burger, Button, Group, NavLink, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { can, seesAllJobs, type StaffRole } from '@freight/contracts';
import { CompanyFooter, HEADER_HEIGHT, HeaderClock, useSession } from '@freight/web-kit';
import { useDirection } from '@freight/web-domain/jobs';
import { HeaderUser } from './header-user.js';

interface SidebarItem {
  label: string;
  to: string;
  end: boolean;
  /** Shown to the roles for which this holds (the contracts' permission functions). */
  shownTo: (role: StaffRole) => boolean;
}

const allStaff = () => true;

const SIDEBAR: readonly SidebarItem[] = [
  // The employee shipment entry; Head and Admin reach theirs from the dashboard's button.
  { label: 'Shipment Management', to: '/shipmentmanagement', end: true, shownTo: (role) => !seesAllJobs(role) },
  { label: 'My Management', to: '/admindashboard', end: true, shownTo: allStaff },
  { label: 'Administrative Tools', to: '/admindashboard/administrativetools', end: false, shownTo: allStaff },
  { label: 'Accounts', to: '/admindashboard/accounts', end: false, shownTo: (role) => can(role, 'accounts', 'read') },
];

/** Below Mantine's `sm` breakpoint the sidebar is a drawer behind the burger. */
const PHONE_QUERY = '(max-width: 47.99em)';
const NAVBAR_ID = 'console-navigation';
const OWNER_ID = 'owners-message';
const OWNER_MESSAGE = 'Submit shipment requests before 5 PM.';

/**
 * The shell of every staff screen: header (clock, name, Log Out), sidebar, banner,
 * the screen (`children`, else the child route), footer. Works from 390 px wide up: on a phone
 * the banner and the owner's message are one compact line each and the footer follows the page
 * (not fixed), so the first screen is the page's (tools/e2e/company.e2e-spec.mjs measures it).
 */
export function DashboardShell({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  // The Export screens are the Import ones with `?direction=Export`: the banner names the screen's.
  const direction = useDirection();
  const [opened, { toggle, close }] = useDisclosure();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (!session) return null;
  const onDashboardHome = pathname.replace(/\/+$/, '') === '/admindashboard';

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={phone ? 'xs' : 'md'}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" aria-expanded={opened} aria-controls={NAVBAR_ID} />
            <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
              Freight Console
            </Title>
          </Group>
          <HeaderUser />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="sm"
        id={NAVBAR_ID}
        aria-label="Dashboard"
        // A closed drawer is off screen: keep it out of the tab order and the accessibility tree too.
        style={phone && !opened ? { visibility: 'hidden' } : undefined}
      >
        <Box hiddenFrom="sm" px="sm" pb="sm" mb="sm" style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}>
          <Text fw={600}>
            <VisuallyHidden>Signed in as </VisuallyHidden>
            {session.fullName}
          </Text>
          <HeaderClock c="dimmed" />
        </Box>
        {SIDEBAR.filter((item) => item.shownTo(session.role)).map((item) => (
          <NavLink key={item.to} component={RouterNavLink} to={item.to} end={item.end} label={item.label} onClick={close} />
        ))}
      </AppShell.Navbar>

      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Paper px={phone ? 'xs' : 'md'} py={phone ? 4 : 'md'} mb={phone ? 6 : 'md'} bg="indigo.0" radius="md">
          <Group justify="space-between" gap={6}>
            <Text component="p" fw={700} size={phone ? 'sm' : 'xl'}>
              Welcome to {direction} Management
            </Text>
            {onDashboardHome && (
              <Button size={phone ? 'compact-xs' : 'sm'} component={Link} to={seesAllJobs(session.role) ? '/adminshipmentmanagement' : '/shipmentmanagement'}>
                Shipment Management
              </Button>
            )}
          </Group>
        </Paper>
        {/* Requirements 02 §1: every staff page carries the Owner's Message; on a phone it is one line that opens to the message. */}
        <Paper component="aside" aria-labelledby={OWNER_ID} withBorder px="xs" py={phone ? 2 : 'xs'} mb={phone ? 6 : 'md'} radius="md" bg="yellow.0">
          {phone ? (
            <Text component="details" size="xs">
              <summary style={{ cursor: 'pointer' }}>
                <Text span inherit fw={700} id={OWNER_ID}>
                  Owner's Message:
                </Text>
              </summary>
              <span>{OWNER_MESSAGE}</span>
            </Text>
          ) : (
            <Text size="sm">
              <Text span inherit fw={700} id={OWNER_ID}>
                Owner's Message:
              </Text>{' '}
              {OWNER_MESSAGE}
            </Text>
          )}
        </Paper>
        {/* Grows on a short page, so the footer sits at the bottom of the screen. */}
        <Box style={{ flex: 1 }}>{children ?? <Outlet />}</Box>
        <CompanyFooter />
      </AppShell.Main>
    </AppShell>
  );
}
