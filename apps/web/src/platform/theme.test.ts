import type { MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, theme } from './theme';

const WHITE = '#ffffff';
const PAGE = '#f8f9fa';
const MUTED = '#f1f3f5';

describe('theme colours', () => {
  const scales = Object.entries(theme.colors ?? {}).filter(
    (e): e is [string, MantineColorsTuple] => e[0] !== 'dark' && e[1] !== undefined,
  );

  it.each(scales)('%s: shade 8 reads at AA on white, the page and gray.1 (coloured text, striped rows)', (_name, tuple) => {
    for (const bg of [WHITE, PAGE, MUTED]) expect(contrast(tuple[8], bg), bg).toBeGreaterThanOrEqual(4.5);
  });

  it.each(scales)('%s: a light control writes shade 9 at AA on shade 1 and, hovered, on shade 2', (_name, tuple) => {
    for (const bg of [tuple[1], tuple[2]]) expect(contrast(tuple[9], bg), bg).toBeGreaterThanOrEqual(4.5);
  });
});
