/**
 * The mobile menu (requirements 01 §2): the Menu button opens and closes the navigation (aria-expanded;
 * the CSS shows the list when it is true). Choosing a link or pressing Escape closes it. Without
 * script the CSS shows the list and hides the button.
 */
export function setupMenu(root: ParentNode): HTMLButtonElement | null {
  const toggle = root.querySelector<HTMLButtonElement>('.menu-toggle');
  const nav = toggle && root.querySelector<HTMLElement>(`#${toggle.getAttribute('aria-controls')}`);
  if (!toggle || !nav) return null;
  const set = (open: boolean) => toggle.setAttribute('aria-expanded', String(open));
  toggle.addEventListener('click', () => set(toggle.getAttribute('aria-expanded') !== 'true'));
  nav.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) set(false);
  });
  (toggle.closest('header') ?? nav).addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      set(false);
      toggle.focus();
    }
  });
  return toggle;
}
