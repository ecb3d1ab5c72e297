// What the portal host and its client-portal remote share: the client screens' paths and the news ticker.
export { CLIENT_SCREENS, clientLandingPath } from './client-paths.js';
export { NewsTicker, TICKER_LOOP_SECONDS, NO_NEWS_TEXT, LOADING_TEXT } from './news-ticker.js';
