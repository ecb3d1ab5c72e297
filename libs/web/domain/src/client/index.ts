// What the portal host and its client-portal remote share: the client screens' paths and the news ticker.
export { CLIENT_SCREENS, clientLandingPath } from './client-paths.js';
export { NewsTicker } from './news-ticker.js';
