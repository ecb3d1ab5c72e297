// Async boundary: module federation negotiates the shared singletons (react,
// the session module, ...) before any of them is evaluated.
import('./bootstrap.js');
