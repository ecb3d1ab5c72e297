// The reference picker's '@mantine/core' (federation.shared.js, MANTINE_FACADES): only the Combobox
// entry, shared, so that the module that needs it is the only one that loads it.
export { Combobox, InputBase, useCombobox } from '@freight/mantine-core-combobox';
