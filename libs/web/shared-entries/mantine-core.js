// What the web apps share as '@mantine/core': the components and helpers the console, the
// remotes, the web kit and Mantine's modals and notifications packages use. The whole package
// shared is 169 KB gzipped before the first render; these names are a fraction of it, and a
// remote screen then brings none of Mantine itself. The web apps' `import ... from
// '@mantine/core'` resolves here (libs/web/federation.shared.js); tests and type checks still
// see the real package. Styles come from '@mantine/core/styles.css' (the console's), as before.
// `real-package/@mantine/core/` is the installed package's folder: '@mantine/core' itself
// resolves to this file.
//
// The share key carries a digest of this file: an app built with a different list does not
// take another's copy and bundles its own (correct, only heavier until both are rebuilt).
// `npm test` checks that every name the web apps and those two packages import is here
// (tools/web-audit/shared-entries.spec.mjs).
export {
  // Components the console shows (the remotes' own are in mantine-core-extras.js)
  Alert,
  AppShell,
  Box,
  Burger,
  Button,
  Card,
  Center,
  Code,
  Container,
  Group,
  Loader,
  NavLink,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
  // Theme and provider
  MantineProvider,
  createTheme,
  useMantineTheme,
  // What @mantine/modals and @mantine/notifications import
  Modal,
  Notification,
  OptionalPortal,
  RemoveScroll,
  createUseExternalEvents,
  createVarsResolver,
  extractStyleProps,
  factory,
  getDefaultZIndex,
  getStyleObject,
  rem,
  useProps,
  useStyles,
} from 'real-package/@mantine/core/esm/index.mjs';
