// What remote screens use of @mantine/core besides the console's entry (mantine-core.js): shared as
// '@freight/mantine-core-extras', so the console provides it but loads it only with the first
// remote screen that needs it. Its components share Mantine's internals (theme context, style
// helpers) with mantine-core.js: one build, one copy of each module. Read federation.shared.js.
export { Checkbox, NativeSelect, Table, Textarea } from 'real-package/@mantine/core/esm/index.mjs';
