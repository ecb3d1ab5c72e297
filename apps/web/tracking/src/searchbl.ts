// Track & Trace's script (ADR 38): the search by BL number and the mobile menu.
import { setupFooterYear } from './footer.js';
import { setupMenu } from './menu.js';
import { setupSearch } from './search.js';

setupMenu(document);
setupFooterYear(document);
setupSearch(document);
