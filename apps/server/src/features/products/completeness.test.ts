import {
  BLANK_TEXT_PATTERN,
  COMPLETENESS_FILTERS,
  type Completeness,
  isBlankText,
  matchesCompletenessFilter,
  productCompleteness,
} from '@app/shared/products/completeness.rules';
import type { ProductListItem } from '@app/shared/products/products';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { products } from '../../db/schema';
import { query } from '../../platform/sql';
import { createAttribute, createMediaRow, createProduct } from './catalogue.fixtures';

// Catalogue completeness in the products list: the list's SQL against the shared rule.

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let noPerm: Agent;
let client: Agent;
let anon: Agent;
/** The fixtures' ids by label. */
const ids = new Map<string, number>();

const download = { title: 'Datasheet', link: 'https://example.com/sheet.pdf' };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  ({ manager, noPerm, client, anon } = await castOf(t, {
    staff: {
      manager: { permissions: ['products.manage'] },
      noPerm: { permissions: ['articles.view', 'inspiration-products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  }));

  const category = await createAttribute(tdb.db, 'categories');
  const area = await createAttribute(tdb.db, 'areas');
  const supplier = await createAttribute(tdb.db, 'suppliers');
  const type = await createAttribute(tdb.db, 'types');
  const image = await createMediaRow(tdb.db);

  const fixtures: {
    label: string;
    nameEn?: string;
    descriptionNl?: string;
    descriptionEn?: string;
    attributeIds?: number[];
    gallery?: boolean;
    carousel?: boolean;
    downloads?: unknown;
  }[] = [
    { label: 'complete', attributeIds: [category.id], gallery: true, downloads: [download] },
    { label: 'complete-area', attributeIds: [area.id], gallery: true, downloads: [download, download] },
    { label: 'no-en-name', nameEn: '', attributeIds: [category.id], gallery: true, downloads: [download] },
    {
      label: 'no-en-desc-html',
      descriptionEn: '<p>&nbsp;</p>\n<br/>',
      attributeIds: [category.id],
      gallery: true,
      downloads: [download],
    },
    { label: 'no-nl-desc', descriptionNl: ' \u00a0 ', attributeIds: [category.id], gallery: true, downloads: [download] },
    {
      label: 'html-text',
      descriptionNl: '<p>Stoel</p>',
      descriptionEn: '<b>Chair</b>',
      attributeIds: [category.id],
      gallery: true,
      downloads: [download],
    },
    { label: 'no-images', attributeIds: [category.id], downloads: [download] },
    { label: 'carousel-only', attributeIds: [category.id], carousel: true, downloads: [download] },
    { label: 'internal-attributes-only', attributeIds: [supplier.id, type.id], gallery: true, downloads: [download] },
    { label: 'no-downloads', attributeIds: [category.id], gallery: true, downloads: [] },
    { label: 'downloads-not-array', attributeIds: [category.id], gallery: true, downloads: { title: 'x' } },
    { label: 'empty', nameEn: '  ', descriptionNl: '', descriptionEn: '', downloads: [] },
  ];
  for (const f of fixtures) {
    const p = await createProduct(tdb.db, {
      nameNl: `Product ${f.label}`,
      nameEn: f.nameEn ?? `Product ${f.label} EN`,
      attributeIds: f.attributeIds ?? [],
      galleryIds: f.gallery ? [image] : [],
    });
    ids.set(f.label, p.id);
    await tdb.db.orm
      .update(products)
      .set({
        descriptionNl: f.descriptionNl ?? 'Een mooie stoel.',
        descriptionEn: f.descriptionEn ?? 'A fine chair.',
        downloads: f.downloads ?? [],
      })
      .where(eq(products.id, p.id));
    if (f.carousel) {
      await query(
        tdb.db.orm,
        sql`INSERT INTO product_media (product_id, media_id, role, position) VALUES (${p.id}, ${image}, 'carousel', 0)`,
      );
    }
  }
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function listAll(params = ''): Promise<ProductListItem[]> {
  const res = await manager.get(`/api/products?perPage=100${params}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** What the shared rule says of each stored product, read back from the tables. */
async function expectedByRule(): Promise<Map<number, Completeness>> {
  const rows = await query<{
    id: number;
    nameNl: string;
    nameEn: string;
    descriptionNl: string;
    descriptionEn: string;
    images: number;
    attributes: number;
    downloads: unknown;
  }>(
    tdb.db.orm,
    sql`SELECT p.id, p.name_nl AS "nameNl", p.name_en AS "nameEn", p.description_nl AS "descriptionNl",
               p.description_en AS "descriptionEn", p.downloads,
               (SELECT count(*) FROM product_media pm WHERE pm.product_id = p.id AND pm.role = 'gallery')::int AS images,
               (SELECT count(*) FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
                 WHERE pa.product_id = p.id AND a.kind IN ('areas', 'categories', 'features', 'materials', 'preferences'))::int AS attributes
          FROM products p`,
  );
  return new Map(
    rows.map((r) => [r.id, productCompleteness({ ...r, downloads: Array.isArray(r.downloads) ? r.downloads.length : 0 })]),
  );
}

describe('GET /api/products: completeness', () => {
  it('gives every row per language its missing parts, as the shared rule judges the stored product', async () => {
    const list = await listAll();
    const expected = await expectedByRule();
    expect(list).toHaveLength(ids.size);
    for (const row of list)
      expect({ id: row.id, completeness: row.completeness }).toEqual({ id: row.id, completeness: expected.get(row.id) });

    const of = (label: string) => list.find((r) => r.id === ids.get(label))?.completeness;
    expect(of('complete')).toEqual({ nl: [], en: [] });
    expect(of('complete-area')).toEqual({ nl: [], en: [] });
    expect(of('html-text')).toEqual({ nl: [], en: [] });
    expect(of('no-en-name')).toEqual({ nl: [], en: ['name'] });
    expect(of('no-en-desc-html')).toEqual({ nl: [], en: ['description'] });
    expect(of('no-nl-desc')).toEqual({ nl: ['description'], en: [] });
    expect(of('no-images')).toEqual({ nl: ['images'], en: ['images'] });
    expect(of('carousel-only')).toEqual({ nl: ['images'], en: ['images'] });
    expect(of('internal-attributes-only')).toEqual({ nl: ['attributes'], en: ['attributes'] });
    expect(of('no-downloads')).toEqual({ nl: ['downloads'], en: ['downloads'] });
    expect(of('downloads-not-array')).toEqual({ nl: ['downloads'], en: ['downloads'] });
    expect(of('empty')).toEqual({
      nl: ['description', 'images', 'attributes', 'downloads'],
      en: ['name', 'description', 'images', 'attributes', 'downloads'],
    });
  });

  it.each(COMPLETENESS_FILTERS)('complete=%s lists exactly the products the shared rule matches', async (filter) => {
    const expected = await expectedByRule();
    const want = [...expected].filter(([, c]) => matchesCompletenessFilter(c, filter)).map(([id]) => id);
    const res = await manager.get(`/api/products?perPage=100&sort=order&complete=${filter}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: ProductListItem) => r.id).sort((a: number, b: number) => a - b)).toEqual(want.sort((a, b) => a - b));
    expect(body.meta.total).toBe(want.length);
    expect(want.length).toBeGreaterThan(0);
  });

  it('combines the filter with the others, and pages with the right total', async () => {
    const res = await manager.get('/api/products?perPage=2&complete=en&q=no-en');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((r: ProductListItem) => r.id)
        .sort(),
    ).toEqual([ids.get('no-en-name'), ids.get('no-en-desc-html')].sort());
    const page = await manager.get('/api/products?perPage=2&page=2&complete=no');
    expect(page.json().meta.total).toBe(ids.size - 3);
    expect(page.json().data).toHaveLength(2);
  });

  it('keeps the list at the same number of statements with and without the filter', async () => {
    await manager.get('/api/products');
    const plain = await countQueries(tdb.db, () => manager.get('/api/products?perPage=100'));
    const filtered = await countQueries(tdb.db, () => manager.get('/api/products?perPage=100&complete=no'));
    expect(plain.result.statusCode).toBe(200);
    expect(filtered.result.statusCode).toBe(200);
    expect(filtered.count).toBe(plain.count);
  });

  it('answers 400 for an unknown value, 401 signed out, 403 without products.manage and to a company user', async () => {
    for (const bad of ['maybe', 'NL', '', 'yes,no']) {
      const res = await manager.get(`/api/products?complete=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty(['querystring.complete']);
    }
    expect((await anon.get('/api/products?complete=yes')).statusCode).toBe(401);
    expect((await noPerm.get('/api/products?complete=yes')).statusCode).toBe(403);
    expect((await client.get('/api/products?complete=yes')).statusCode).toBe(403);
  });
});

describe('the blank-text pattern', () => {
  it('judges texts the same in PostgreSQL and in JavaScript', async () => {
    const token = fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\r',
      '\f',
      '\v',
      '\u00a0',
      '\u2003',
      '\u200b',
      '<p>',
      '</P>',
      '<br/>',
      '<',
      '>',
      '&nbsp;',
      '&NBSP;',
      '&#160;',
      '&amp;',
      '&',
      'x',
      'É',
      '<a href="x">',
      '\\',
      '[',
      ']',
      '$',
      '^',
    );
    const texts = fc.sample(
      fc.array(token, { maxLength: 8 }).map((parts) => parts.join('')),
      { numRuns: 400, seed: 14 },
    );
    texts.push('', ' ', '<p>&nbsp;</p>', 'x', '<p', 'a > b');
    const rows = await query<{ i: number; blank: boolean }>(
      tdb.db.orm,
      sql`SELECT t.i::int AS i, (t.text ~* ${BLANK_TEXT_PATTERN}) AS blank
            FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS t(text, i)`,
    );
    expect(rows).toHaveLength(texts.length);
    for (const r of rows) {
      const text = texts[r.i - 1] as string;
      expect({ text, blank: r.blank }).toEqual({ text, blank: isBlankText(text) });
    }
  });
});
