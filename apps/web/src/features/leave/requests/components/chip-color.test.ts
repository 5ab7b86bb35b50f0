import { describe, expect, it } from 'vitest';
import { chipTextColor } from './StatusBadge';

/** WCAG contrast of two luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const luminance = (hex: string) => {
  const c = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (c[0] as number) + 0.7152 * (c[1] as number) + 0.0722 * (c[2] as number);
};

describe('chipTextColor', () => {
  it('gives a leave type chip text of at least 4.5:1 on any colour (AA for its 12 px text)', () => {
    for (const bg of ['#1c7ed6', '#f08c00', '#e03131', '#7048e8', '#fab005', '#2f9e44', '#000000', '#ffffff', '#777777']) {
      const text = chipTextColor(bg) === '#fff' ? 1 : 0;
      expect(contrast(luminance(bg), text), bg).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to white for a colour it cannot read', () => {
    expect(chipTextColor('teal')).toBe('#fff');
  });
});
