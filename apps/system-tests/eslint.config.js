export { default } from '../../tools/lint/eslint.config.js';
