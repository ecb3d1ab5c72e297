// The landing page's script (ADR 38): the page is complete without it; it adds the hero's
// rotation, the mobile menu and the sign-in and contact forms' calls.
import { setupContact } from './contact.js';
import { setupFooterYear } from './footer.js';
import { setupHero } from './hero.js';
import { setupMenu } from './menu.js';
import { setupSignIn } from './sign-in.js';

setupMenu(document);
setupFooterYear(document);
setupHero(document, { reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches });
setupSignIn(document);
setupContact(document);
