import { contrast } from '../../platform/theme';

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;
export const WHITE = '#ffffff';
export const BLACK = '#000000';
/** The colours a new company starts with: the server's defaults. */
export const DEFAULT_PRIMARY = '#1c3d5a';
export const DEFAULT_SECONDARY = '#c8a45c';

export const isHexColor = (c: string): boolean => /^#[0-9a-f]{6}$/i.test(c.trim());

/** White or black, whichever reads better on `background` (a #rrggbb colour). */
export const textOn = (background: string): string =>
  contrast(WHITE, background) >= contrast(BLACK, background) ? WHITE : BLACK;

/** A contrast ratio as people read it: rounded down to one decimal, so 4.49 never shows as 4.5. */
export const formatRatio = (ratio: number, locale: string): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.floor(ratio * 10) / 10);
