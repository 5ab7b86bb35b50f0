import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eaf2f8',
  '#d3e1ec',
  '#a4c1da',
  '#729fc7',
  '#4a82b7',
  '#3270ad',
  '#2566a9',
  '#185594',
  '#0f4b85',
  '#1c3d5a',
];

const gold: MantineColorsTuple = [
  '#fbf6ea',
  '#f2e9d3',
  '#e5d2a5',
  '#d8ba73',
  '#cda54a',
  '#c8a45c',
  '#b98c2a',
  '#a37a21',
  '#916c1a',
  '#7d5c10',
];

// WCAG 2.x AA for normal text is 4.5:1; a little margin keeps rounding in browsers on the safe side.
const AA = 4.6;
/** The page background of the back office and the portal (gray.0), the lightest text ever sits on besides white. */
const PAGE = '#f8f9fa';
/** gray.1: a hovered or striped table row, a code block, a muted panel; coloured text sits on it too. */
const MUTED = '#f1f3f5';
/**
 * Secondary text (`c="dimmed"`: descriptions, the current breadcrumb, captions). Mantine's gray.6
 * (#868e96) reaches only 3.15:1 on the page background; this one is 5.5:1 there and 4.9:1 on gray.2.
 */
export const DIMMED = '#5f666d';

function channels(hex: string): [number, number, number] {
  const n = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(n.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Darkens a colour in small steps (keeping its hue) until it reaches AA on every given background. */
function darkEnough(color: string, backgrounds: string[]): string {
  let rgb = channels(color) as number[];
  let out = color;
  while (backgrounds.some((bg) => contrast(out, bg) < AA)) {
    rgb = rgb.map((v) => v * 0.96);
    out = hex(rgb);
  }
  return out;
}

/**
 * A colour scale every component can use as it is. With primaryShade 8, shade 8 is the filled
 * background under white text and the colour of coloured text (`c="red"`, links) on white, on
 * the page and on gray.1; the light variant (light badges, light buttons, alerts) writes shade 9
 * on shade 1, and on shade 2 under the pointer.
 * Mantine's own greens, oranges, yellows … fail those (#2b8a3e on #d3f9d8 is 3.8:1); darken them
 * just enough, so every screen to come gets 4.5:1 without thinking about it.
 */
export function accessibleScale(tuple: readonly string[]): MantineColorsTuple {
  const out = [...tuple];
  const s8 = darkEnough(out[8] as string, ['#ffffff', PAGE, MUTED]);
  out[8] = s8;
  // Shade 2 is a light control's background under the pointer.
  let s9 = darkEnough(out[9] as string, [out[1] as string, out[2] as string, PAGE]);
  // Hover on a filled control (shade 9) never looks lighter than the control itself.
  if (luminance(s9) > luminance(s8)) s9 = darkEnough(s9, [s8]);
  out[9] = s9;
  return out as unknown as MantineColorsTuple;
}

// 'dark' is the dark colour scheme's surfaces, not a text colour; it passes as it is.
const colors = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, brand, gold })
    .filter(([name]) => name !== 'dark')
    .map(([name, tuple]) => [name, accessibleScale(tuple)]),
) as Record<string, MantineColorsTuple>;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Keyboard focus is always visible (inputs included: see global.css); a mouse click shows no ring.
  focusRing: 'auto',
});

/**
 * Secondary text and error text with AA contrast in the light scheme (the app has no dark scheme).
 * Mantine writes a field's error (and an invalid input's border) in `--mantine-color-error`, red.6
 * by default: #fa5252 is 3.3:1 on white. Shade 8 of the scale above reaches AA on white and the page.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED, '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});

/**
 * The theme in the current language: the close buttons of dialogs and drawers (the first-login
 * welcome, confirmations, every modal to come) get an accessible name by default.
 */
export function localizedTheme(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
    },
  };
}
