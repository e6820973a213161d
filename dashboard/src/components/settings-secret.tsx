// A secret shown once (components/shown-once.tsx) whose title meets WCAG AA contrast: Mantine's light
// yellow Alert draws its title in yellow on pale yellow (below 4.5:1, axe's color-contrast), so inside
// this wrapper that colour is the text colour; the border and icon stay yellow.
import { Box } from '@mantine/core';
import type { CSSProperties } from 'react';
import { ShownOnce } from './shown-once';

const READABLE_TITLE = { '--mantine-color-yellow-light-color': 'var(--mantine-color-text)' } as CSSProperties;

export function SettingsSecret(props: Parameters<typeof ShownOnce>[0]) {
  return (
    <Box style={READABLE_TITLE}>
      <ShownOnce {...props} />
    </Box>
  );
}
