/**
 * The footer's year (docs/adr/0044-company-profile.md): the page is built once and served for years, so
 * the visitor's current year replaces the build's, as the console and the portal show it.
 */
export function setupFooterYear(root: ParentNode, now = new Date()): void {
  for (const year of root.querySelectorAll('[data-current-year]')) year.textContent = String(now.getFullYear());
}
