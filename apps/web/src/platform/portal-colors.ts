import type { CompanyBrand } from '@app/shared/auth/auth';
import { contrast, theme } from './theme';

/** WCAG AA for normal text, and 3:1 for the parts of a control (an underline, a badge's edge). */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;
export const WHITE = '#ffffff';
/** The near-black the app writes its text in; pure black only where this falls short. */
export const INK = '#1a1b1e';
export const BLACK = '#000000';

const isHex = (c: string | null | undefined): c is string => !!c && /^#[0-9a-f]{6}$/i.test(c);

/**
 * White or near-black text, whichever reads better on `background` (#rrggbb). For the few
 * mid-tones where near-black reaches less than 4.5:1 and white less still, pure black: white or
 * black always reaches at least 4.58:1, so any colour a company picks gets readable text.
 */
export function readableTextOn(background: string): string {
  const white = contrast(WHITE, background);
  const ink = contrast(INK, background);
  if (Math.max(white, ink) >= TEXT_CONTRAST) return white >= ink ? WHITE : INK;
  return white >= contrast(BLACK, background) ? WHITE : BLACK;
}

export interface PortalColors {
  primary: string;
  onPrimary: string;
  secondary: string;
  onSecondary: string;
  /** The active link's underline on the header: the secondary colour when it stands out there. */
  accent: string;
}

const FALLBACK_PRIMARY = theme.colors?.brand?.[8] ?? '#0f4b85';
const FALLBACK_SECONDARY = theme.colors?.gold?.[5] ?? '#c8a45c';

/**
 * The portal's colours for a company (or the app's own without one): its primary colour as the
 * header, its secondary colour as the accent, each with text that reads on it. The accent falls
 * back to the header's text colour when the two brand colours are too alike to tell apart (3:1).
 */
export function portalColors(brand: Pick<CompanyBrand, 'primaryColor' | 'secondaryColor'> | null): PortalColors {
  const primary = isHex(brand?.primaryColor) ? brand.primaryColor : FALLBACK_PRIMARY;
  const secondary = isHex(brand?.secondaryColor) ? brand.secondaryColor : FALLBACK_SECONDARY;
  const onPrimary = readableTextOn(primary);
  return {
    primary,
    onPrimary,
    secondary,
    onSecondary: readableTextOn(secondary),
    accent: contrast(secondary, primary) >= UI_CONTRAST ? secondary : onPrimary,
  };
}
