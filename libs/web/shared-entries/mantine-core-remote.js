// A remote's '@mantine/core' (federation.shared.js): the console's entry and the extras, both shared,
// so a remote screen takes the console's copies of each and never a second theme context.
export * from '@freight/mantine-core';
export * from '@freight/mantine-core-extras';
