export { browser as default } from '../../../tools/lint/eslint.config.js';
