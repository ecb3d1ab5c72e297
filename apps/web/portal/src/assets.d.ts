// Style sheets are bundled by rspack's built-in CSS support.
declare module '*.css';
