import { describe, expect, it } from 'vitest';
import { BLACK, INK, portalColors, readableTextOn, WHITE } from './portal-colors';
import { contrast } from './theme';

const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;

describe('readableTextOn', () => {
  it.each([
    ['#1c3d5a', WHITE], // Nordic Star's navy
    ['#000000', WHITE],
    ['#0f4b85', WHITE],
    ['#ffffff', INK],
    ['#f4d35e', INK], // a light yellow
    ['#c8a45c', INK], // the demo's gold
    ['#00ff00', INK],
  ])('writes on %s in %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });

  it('falls back to pure black on the mid-tones where near-black is not enough', () => {
    // #777777 gives white 4.48:1 and near-black 4.13:1: only black reaches AA (4.69:1).
    expect(readableTextOn('#777777')).toBe(BLACK);
  });

  it('reaches 4.5:1 on every colour (a sweep of the whole cube)', () => {
    let worst = 21;
    for (let r = 0; r <= 255; r += 15) {
      for (let g = 0; g <= 255; g += 15) {
        for (let b = 0; b <= 255; b += 15) {
          const bg = hex((r << 16) | (g << 8) | b);
          worst = Math.min(worst, contrast(readableTextOn(bg), bg));
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it('reaches 4.5:1 on every grey, the hardest case', () => {
    for (let v = 0; v <= 255; v++) {
      const bg = hex(v * 0x010101);
      expect(contrast(readableTextOn(bg), bg), bg).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('portalColors', () => {
  it("dresses the portal in the company's colours with readable text on each", () => {
    expect(portalColors({ primaryColor: '#1c3d5a', secondaryColor: '#c8a45c' })).toEqual({
      primary: '#1c3d5a',
      onPrimary: WHITE,
      secondary: '#c8a45c',
      onSecondary: INK,
      accent: '#c8a45c',
    });
  });

  it('writes dark text on a light header', () => {
    const c = portalColors({ primaryColor: '#f4d35e', secondaryColor: '#1c3d5a' });
    expect(c.onPrimary).toBe(INK);
    expect(c.accent).toBe('#1c3d5a');
  });

  it('underlines in the text colour when the secondary colour does not stand out on the primary', () => {
    const c = portalColors({ primaryColor: '#1c3d5a', secondaryColor: '#22445f' });
    expect(c.accent).toBe(WHITE);
  });

  it("uses the app's own colours without a company (a visitor)", () => {
    const c = portalColors(null);
    expect(c.primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast(c.onPrimary, c.primary)).toBeGreaterThanOrEqual(4.5);
  });
});
