import { describe, expect, it } from 'vitest';
import {
  catalogueQueryFrom,
  dependsOnLanguage,
  formatIdList,
  localDescription,
  localName,
  paragraphs,
  parseIdList,
  parsePage,
  parseSearch,
  parseSort,
  safeHref,
} from './public-catalogue';

describe('parseIdList', () => {
  it.each([
    [null, []],
    ['', []],
    ['3', [3]],
    ['1,2', [1, 2]],
    ['2,1,2', [2, 1]],
    ['1,x,0,-4,1e3,0x10, 7 ', [1, 7]],
    ['2147483647,2147483648', [2147483647]],
  ])('reads %j as %j', (raw, ids) => {
    expect(parseIdList(raw)).toEqual(ids);
  });

  it('keeps at most the 50 ids the API accepts', () => {
    const raw = Array.from({ length: 60 }, (_, i) => i + 1).join(',');
    expect(parseIdList(raw)).toHaveLength(50);
  });
});

describe('formatIdList and parsePage', () => {
  it('writes comma lists, or nothing for none', () => {
    expect(formatIdList([1, 2, 3])).toBe('1,2,3');
    expect(formatIdList([])).toBeNull();
  });

  it.each([
    [null, 1],
    ['2', 2],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
  ])('reads page %j as %j', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe('localName and localDescription', () => {
  const p = { nameNl: 'Stoel', nameEn: 'Chair', descriptionNl: 'Mooi', descriptionEn: '' };

  it('shows English when asked and filled in, and falls back to Dutch', () => {
    expect(localName(p, 'nl')).toBe('Stoel');
    expect(localName(p, 'en')).toBe('Chair');
    expect(localName({ nameNl: 'Tafel', nameEn: '  ' }, 'en')).toBe('Tafel');
    expect(localDescription(p, 'en')).toBe('Mooi');
  });
});

describe('paragraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphs('Eerste regel\nTweede regel\n\n  \r\nDerde alinea\n')).toEqual([
      'Eerste regel\nTweede regel',
      'Derde alinea',
    ]);
    expect(paragraphs('')).toEqual([]);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/a.pdf', 'https://example.com/a.pdf'],
    ['http://example.com', 'http://example.com'],
    ['/api/media/1/original', '/api/media/1/original'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,<script>', null],
    ['//evil.example', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (link, href) => {
    expect(safeHref(link)).toBe(href);
  });
});

describe('parseSort, parseSearch and catalogueQueryFrom', () => {
  it.each([
    [null, 'order'],
    ['order', 'order'],
    ['name', 'name'],
    ['-name', '-name'],
    ['newest', 'newest'],
    ['-newest', 'order'],
    ['price', 'order'],
  ])('reads sort %j as %j', (raw, sort) => {
    expect(parseSort(raw)).toBe(sort);
  });

  it('trims a search and cuts it to the 200 characters the API takes', () => {
    expect(parseSearch(null)).toBe('');
    expect(parseSearch('  eiken stoel ')).toBe('eiken stoel');
    expect(parseSearch('   ')).toBe('');
    expect(parseSearch('x'.repeat(250))).toHaveLength(200);
  });

  it('reads the whole selection from the URL', () => {
    expect(catalogueQueryFrom(new URLSearchParams('q=%20stoel&sort=newest&areas=2,1&page=3'))).toEqual({
      page: 3,
      q: 'stoel',
      sort: 'newest',
      filters: { areas: [2, 1], categories: [], features: [], materials: [], preferences: [] },
    });
  });

  it('knows when the language changes the answer: a search, or a sort by name', () => {
    expect(dependsOnLanguage({ q: '', sort: 'order' })).toBe(false);
    expect(dependsOnLanguage({ q: '', sort: 'newest' })).toBe(false);
    expect(dependsOnLanguage({ q: 'stoel', sort: 'order' })).toBe(true);
    expect(dependsOnLanguage({ q: '', sort: 'name' })).toBe(true);
    expect(dependsOnLanguage({ q: '', sort: '-name' })).toBe(true);
  });
});
