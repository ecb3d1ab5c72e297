/**
 * Routes of the specification (spec 01 §2, spec 02 §2, exact spelling) whose screens
 * later work builds. Until then each says "Not available yet", inside the shell for staff,
 * rather than "Page not found": links and bookmarks to them already work. Each list is
 * path → title. (The remotes list their own: the master-data remote's, the jobs remote's JOBS_SCREENS, the
 * accounts remote's.)
 */

/** Public and client screens (no staff shell): the client portal and Track & Trace. */
export const LATER_PUBLIC_SCREENS: Record<string, string> = {
  clientlogin: 'Members Area',
  Searchbl: 'Track & Trace',
  consigneeshipmentview: 'Ocean Visibility',
  'viewbookingconsignee/:jobNo': 'View Booking',
  viewvesselconsignee: 'Vessels',
  viewagentconsignee: 'Agents',
  shippershipmentview: 'Shipper Bookings',
  'viewbookingshipper/:jobNo': 'View Booking',
};
