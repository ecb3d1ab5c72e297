// Track & Trace's script (ADR 38): the search by BL number and the mobile menu.
import { setupMenu } from './menu.js';
import { setupSearch } from './search.js';

setupMenu(document);
setupSearch(document);
