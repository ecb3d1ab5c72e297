// Test helper: loads one of the microsite's real pages (as the build emits it) into jsdom.
// @ts-expect-error -- pages.js is the build's plain-JS page assembly (no types).
import { renderPage } from '../pages.js';

export function loadPage(name: 'index' | 'searchbl'): void {
  const html = (renderPage as (page: string) => string)(name);
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
}
