export { default } from './lint/eslint.config.js';
