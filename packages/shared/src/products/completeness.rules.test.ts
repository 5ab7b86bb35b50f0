import { describe, expect, it } from 'vitest';
import {
  COMPLETENESS_ATTRIBUTE_KINDS,
  type CompletenessInput,
  isBlankText,
  isComplete,
  matchesCompletenessFilter,
  productCompleteness,
  publishWarningParts,
} from './completeness.rules';
import { PUBLIC_FILTERS } from './products';

const full: CompletenessInput = {
  nameNl: 'Stoel',
  nameEn: 'Chair',
  descriptionNl: 'Een stoel.',
  descriptionEn: 'A chair.',
  images: 1,
  attributes: 2,
  downloads: 1,
};

describe('isBlankText', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['\n\t\r\f\v', true],
    ['\u00a0', true],
    ['<p></p>', true],
    ['<p>&nbsp;</p>\n<br/>', true],
    ['<P>&NBSP;&#160;</P>', true],
    ['<div class="x">  </div>', true],
    ['x', false],
    ['<p>x</p>', false],
    ['&amp;', false],
    ['<p', false],
    ['a > b', false],
    ['\u200b', false],
  ])('%j blank: %s', (text, blank) => {
    expect(isBlankText(text)).toBe(blank);
  });

  it('null and undefined are blank', () => {
    expect(isBlankText(null)).toBe(true);
    expect(isBlankText(undefined)).toBe(true);
  });

  it('a long text without a closing bracket stays fast', () => {
    const start = Date.now();
    expect(isBlankText('<'.repeat(20_000))).toBe(false);
    expect(isBlankText(`${'<a>'.repeat(7_000)}<`)).toBe(false);
    expect(Date.now() - start).toBeLessThan(500);
  });
});

describe('productCompleteness', () => {
  it('a full product is complete in both languages', () => {
    const c = productCompleteness(full);
    expect(c).toEqual({ nl: [], en: [] });
    expect(isComplete(c)).toBe(true);
    expect(publishWarningParts(c)).toEqual([]);
  });

  it('names and descriptions count per language', () => {
    expect(productCompleteness({ ...full, nameEn: ' ' })).toEqual({ nl: [], en: ['name'] });
    expect(productCompleteness({ ...full, descriptionEn: '<p>&nbsp;</p>' })).toEqual({ nl: [], en: ['description'] });
    expect(productCompleteness({ ...full, descriptionNl: '' })).toEqual({ nl: ['description'], en: [] });
    expect(productCompleteness({ ...full, nameNl: '', nameEn: '', descriptionEn: '' })).toEqual({
      nl: ['name'],
      en: ['name', 'description'],
    });
  });

  it('images, attributes and downloads are missing in both languages at once', () => {
    expect(productCompleteness({ ...full, images: 0 })).toEqual({ nl: ['images'], en: ['images'] });
    expect(productCompleteness({ ...full, attributes: 0 })).toEqual({ nl: ['attributes'], en: ['attributes'] });
    expect(productCompleteness({ ...full, downloads: 0 })).toEqual({ nl: ['downloads'], en: ['downloads'] });
  });

  it('lists the parts in the fixed order', () => {
    const empty = { nameNl: '', nameEn: '', descriptionNl: '', descriptionEn: '', images: 0, attributes: 0, downloads: 0 };
    const all = ['name', 'description', 'images', 'attributes', 'downloads'];
    expect(productCompleteness(empty)).toEqual({ nl: all, en: all });
  });
});

describe('the list filter', () => {
  const complete = productCompleteness(full);
  const noEn = productCompleteness({ ...full, descriptionEn: '' });
  const noNl = productCompleteness({ ...full, descriptionNl: '' });
  const neither = productCompleteness({ ...full, images: 0 });

  it.each([
    ['yes', [true, false, false, false]],
    ['no', [false, true, true, true]],
    ['nl', [false, false, true, true]],
    ['en', [false, true, false, true]],
  ] as const)('complete=%s', (filter, expected) => {
    expect([complete, noEn, noNl, neither].map((c) => matchesCompletenessFilter(c, filter))).toEqual(expected);
  });
});

describe('publishWarningParts', () => {
  it('names each incomplete language, Dutch first, with its missing parts', () => {
    expect(publishWarningParts(productCompleteness({ ...full, descriptionEn: '', downloads: 0 }))).toEqual([
      { lang: 'nl', missing: ['downloads'] },
      { lang: 'en', missing: ['description', 'downloads'] },
    ]);
    expect(publishWarningParts(productCompleteness({ ...full, nameEn: '' }))).toEqual([{ lang: 'en', missing: ['name'] }]);
  });
});

it('counts the attribute kinds the public page shows', () => {
  expect([...COMPLETENESS_ATTRIBUTE_KINDS].sort()).toEqual([...PUBLIC_FILTERS].sort());
});
