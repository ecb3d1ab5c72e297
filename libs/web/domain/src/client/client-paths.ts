import type { ClientRole } from '@freight/contracts';

/**
 * The client portal's screens (requirements 02 §2, exact spelling; the Accounts Area's path is ours,
 * ADR 39), path → title, by the kind of client who may open them. The portal host guards and
 * routes them; the client-portal remote draws them.
 */
export const CLIENT_SCREENS = {
  consignee: {
    consigneeshipmentview: 'Ocean Visibility',
    'viewbookingconsignee/:jobNo': 'View Booking',
    viewvesselconsignee: 'Weekly Vessel Planning',
    viewagentconsignee: 'Overseas Offices Detail',
    consigneeaccounts: 'Accounts Area',
  },
  shipper: {
    shippershipmentview: 'Shipper Bookings',
    'viewbookingshipper/:jobNo': 'View Booking',
  },
} as const satisfies Record<ClientRole, Record<string, string>>;

/** Where a client lands after signing in (requirements 02 §2). */
export const clientLandingPath = (role: ClientRole) => (role === 'consignee' ? '/consigneeshipmentview' : '/shippershipmentview');
