// What the kit's reference picker uses of @mantine/core (docs/adr/0047): Mantine's Combobox, whose
// popover and positioning (about 22 KB gzipped) only the forms with a picker need. Shared as
// '@freight/mantine-core-combobox' like the extras (mantine-core-extras.js): the console provides it,
// a page loads it with the first form that shows a picker, and the other remote screens never do.
// Its components share Mantine's internals with the other entries: one build, one copy of each.
export { Combobox, InputBase, useCombobox } from 'real-package/@mantine/core/esm/index.mjs';
