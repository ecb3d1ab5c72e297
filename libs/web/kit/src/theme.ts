// The console's look, apart from the providers: services.tsx (loaded later by providers.tsx) needs
// HEADER_HEIGHT too, and importing it from providers.tsx would make the two import each other.
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Height of the console's header; toasts appear below it so they never cover the user's name or Log Out. */
export const HEADER_HEIGHT = 60;

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 gives white button labels 5.7:1 contrast (the default shade 6: 4.3:1, below WCAG AA).
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
});

/**
 * Text readable by WCAG AA (4.5:1) in every state. Mantine's defaults fall short: hints
 * ("dimmed", gray 6) and errors (red 6) reach 3.2:1 on white, and a hovered light button
 * or active menu entry (shade 9 on shade 2) 3.8:1 in red, 4.1:1 in indigo. Light
 * backgrounds move one shade lighter (shade 9 on shade 0, and on shade 1 when hovered).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  for (const color of Object.keys(t.colors)) {
    light[`--mantine-color-${color}-light`] = `var(--mantine-color-${color}-0)`;
    light[`--mantine-color-${color}-light-hover`] = `var(--mantine-color-${color}-1)`;
  }
  return { variables: {}, light, dark: {} };
};
