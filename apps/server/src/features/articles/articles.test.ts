import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { articleCountsDrift, insertArticles, startErpTestApp } from '../../../test/helpers/erp';
import { auditRows } from '../../../test/helpers/rows';
import { articleMedia, articles, media, products, syncRuns } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { articleTitle } from './articles.service';

let tdb: TestDatabase;
let env: Awaited<ReturnType<typeof startErpTestApp>>;
/** articles.view + products.manage + articles.sync */
let editor: Agent;
let editorAccountId: number;
let viewer: Agent; // articles.view only
let syncer: Agent; // articles.sync only
let productsOnly: Agent; // products.manage only
let noPerm: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  env = await startErpTestApp({ db: tdb.db, erp: { size: 30, pageSize: 10 } });
  const cast = await castOf(env.t, {
    staff: {
      editor: { permissions: ['articles.view', 'products.manage', 'articles.sync'] },
      viewer: { permissions: ['articles.view'] },
      syncer: { permissions: ['articles.sync'] },
      productsOnly: { permissions: ['products.manage'] },
      noPerm: { permissions: ['projects.view', 'users.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ editor, viewer, syncer, productsOnly, noPerm, client, anon } = cast);
  editorAccountId = cast.editor.fx.accountId;
});
afterAll(async () => {
  await env?.close();
  await tdb?.drop();
});

async function newMedia(n: number): Promise<number[]> {
  const rows = await tdb.db.orm
    .insert(media)
    .values(
      Array.from({ length: n }, (_, i) => ({
        storageKey: `test-${randomBytes(6).toString('hex')}`,
        originalName: `beeld-${i}.jpg`,
        mime: 'image/jpeg',
        size: 2000,
        width: 800,
        height: 600,
      })),
    )
    .returning({ id: media.id });
  return rows.map((r) => r.id);
}

async function storedArticle(id: number) {
  return (await tdb.db.orm.select().from(articles).where(eq(articles.id, id)))[0];
}

const update = (version: number, o: Record<string, unknown> = {}) => ({
  usage: null,
  specifications: null,
  options: null,
  impressionMediaId: null,
  mediaIds: [],
  version,
  ...o,
});

function endpoints(articleId: number, runId: number) {
  return [
    { method: 'GET', url: '/api/articles', perm: 'view' },
    { method: 'GET', url: '/api/articles/facets', perm: 'view' },
    { method: 'GET', url: `/api/articles/${articleId}`, perm: 'view' },
    { method: 'PATCH', url: `/api/articles/${articleId}`, body: update(1, { usage: 'probe' }), perm: 'manage' },
    { method: 'POST', url: '/api/articles/sync', body: {}, perm: 'sync' },
    { method: 'GET', url: '/api/articles/sync/runs', perm: 'history' },
    { method: 'GET', url: `/api/articles/sync/runs/${runId}`, perm: 'history' },
  ] as const;
}

async function aRun(): Promise<number> {
  const [r] = await tdb.db.orm
    .insert(syncRuns)
    .values({ trigger: 'manual', status: 'succeeded', phase: 'done', finishedAt: new Date() })
    .returning({ id: syncRuns.id });
  return r?.id ?? 0;
}

describe('articles API access (Z1)', () => {
  it('answers 401 to an anonymous caller on every endpoint and changes nothing', async () => {
    const [id] = await insertArticles(tdb.db, [{}]);
    const runId = await aRun();
    const runsBefore = (await tdb.db.orm.select().from(syncRuns)).length;
    for (const e of endpoints(id ?? 0, runId)) {
      const res = await anon.request(e.method, e.url, { body: 'body' in e ? e.body : undefined });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect(await storedArticle(id ?? 0)).toMatchObject({ usage: null, version: 1 });
    expect((await tdb.db.orm.select().from(syncRuns)).length).toBe(runsBefore);
  });

  it('answers 403 to an employee without the permission and to a company user, and changes nothing', async () => {
    const [id] = await insertArticles(tdb.db, [{}]);
    const runId = await aRun();
    const runsBefore = (await tdb.db.orm.select().from(syncRuns)).length;
    for (const who of [noPerm, client]) {
      for (const e of endpoints(id ?? 0, runId)) {
        const res = await who.request(e.method, e.url, { body: 'body' in e ? e.body : undefined });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await storedArticle(id ?? 0)).toMatchObject({ usage: null, version: 1 });
    expect((await tdb.db.orm.select().from(syncRuns)).length).toBe(runsBefore);
  });

  it('gives each right exactly its endpoints: view, products.manage, articles.sync', async () => {
    const [id] = await insertArticles(tdb.db, [{}]);
    const runId = await aRun();
    const allowed: Record<string, readonly string[]> = {
      viewer: ['view', 'history'],
      syncer: ['history'], // POST sync is left out: it would start a run
      productsOnly: ['manage'],
    };
    for (const [name, who] of [
      ['viewer', viewer],
      ['syncer', syncer],
      ['productsOnly', productsOnly],
    ] as const) {
      for (const e of endpoints(id ?? 0, runId)) {
        if (e.perm === 'sync') continue;
        const res = await who.request(e.method, e.url, { body: 'body' in e ? e.body : undefined });
        const ok = allowed[name]?.includes(e.perm) ?? false;
        if (ok) expect(res.statusCode, `${name} ${e.method} ${e.url}: ${res.body}`).toBeLessThan(300);
        else expect(res.statusCode, `${name} ${e.method} ${e.url}`).toBe(403);
      }
      if (name !== 'syncer') expect((await who.post('/api/articles/sync', {})).statusCode, name).toBe(403);
    }
  });

  it('answers 419 to PATCH and POST without the CSRF token, and changes nothing', async () => {
    const [id] = await insertArticles(tdb.db, [{}]);
    const runsBefore = (await tdb.db.orm.select().from(syncRuns)).length;
    const patch = await editor.patch(`/api/articles/${id}`, update(1, { usage: 'x' }), { csrf: false });
    expect(patch.statusCode).toBe(419);
    const post = await editor.post('/api/articles/sync', {}, { csrf: false });
    expect(post.statusCode).toBe(419);
    const wrong = await editor.post('/api/articles/sync', {}, { csrf: false, headers: { 'x-xsrf-token': 'nope' } });
    expect(wrong.statusCode).toBe(419);
    expect(await storedArticle(id ?? 0)).toMatchObject({ usage: null, version: 1 });
    expect((await tdb.db.orm.select().from(syncRuns)).length).toBe(runsBefore);
  });
});

describe('GET /api/articles', () => {
  it('pages, sorts and searches name and SKU case-insensitively; LIKE wildcards are text', async () => {
    const tag = `q${Date.now().toString(36)}`;
    await insertArticles(tdb.db, [
      { name: `${tag} Fauteuil Bravo`, sku: `${tag}-300` },
      { name: `${tag} armchair alpha`, sku: `${tag}-100` },
      { name: `${tag} Chair 100% wol`, sku: `${tag}-200` },
      { name: `${tag} Chair 100 wol`, sku: `${tag}-400` },
      { name: 'Elsewhere', sku: `${tag.toUpperCase()}-500` },
    ]);
    const p1 = (await viewer.get(`/api/articles?q=${tag}&perPage=2&sort=name`)).json();
    expect(p1.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    // Found through its upper-case SKU; 'elsewhere' sorts before the tag.
    expect(p1.data.map((a: { name: string }) => a.name)).toEqual(['Elsewhere', `${tag} armchair alpha`]);
    const p3 = (await viewer.get(`/api/articles?q=${tag}&perPage=2&page=3&sort=name`)).json();
    expect(p3.data.map((a: { name: string }) => a.name)).toEqual([`${tag} Fauteuil Bravo`]);
    const bySku = (await viewer.get(`/api/articles?q=${tag}-&sort=-sku`)).json();
    // Compared without the upper-case SKU, whose place depends on the database collation.
    expect(bySku.data.map((a: { sku: string }) => a.sku).filter((s: string) => s.startsWith(tag))).toEqual([
      `${tag}-400`,
      `${tag}-300`,
      `${tag}-200`,
      `${tag}-100`,
    ]);
    expect(bySku.meta.total).toBe(5);
    const pct = (await viewer.get(`/api/articles?q=${encodeURIComponent(`${tag} Chair 100%`)}`)).json();
    expect(pct.data.map((a: { name: string }) => a.name)).toEqual([`${tag} Chair 100% wol`]);
    const under = (await viewer.get(`/api/articles?q=${encodeURIComponent(`${tag}_`)}`)).json();
    expect(under.meta.total).toBe(0);
    expect(Object.keys(p1.data[0]).sort()).toEqual(
      [
        'deletedAt',
        'erpId',
        'id',
        'name',
        'productId',
        'sku',
        'status',
        'supplierName',
        'syncedAt',
        'thumbUrl',
        'typeCode',
        'typeName',
        'unit',
      ].sort(),
    );
  });

  it('filters by type, supplier and status, and the deleted tab lists only soft-deleted articles', async () => {
    const tag = `f${Date.now().toString(36)}`;
    const [a, b, , d] = await insertArticles(tdb.db, [
      { name: `${tag} a`, typeCode: `${tag}T1`, typeName: 'Stoelen', supplierName: `${tag} Vitra` },
      { name: `${tag} b`, typeCode: `${tag}T1`, typeName: 'Stoelen', supplierName: `${tag} Hay`, status: 'blocked' },
      { name: `${tag} c`, typeCode: `${tag}T2`, typeName: 'Tafels', supplierName: `${tag} Vitra` },
      { name: `${tag} d`, typeCode: `${tag}T1`, typeName: 'Stoelen', supplierName: `${tag} Vitra`, deleted: true },
    ]);
    const ids = async (query: string) =>
      (await viewer.get(`/api/articles?q=${tag}&${query}`)).json().data.map((r: { id: number }) => r.id);
    expect(await ids(`type=${tag}T1`)).toEqual([a, b]);
    expect(await ids(`type=${tag}T1&supplier=${encodeURIComponent(`${tag} Vitra`)}`)).toEqual([a]);
    expect(await ids('status=blocked')).toEqual([b]);
    expect(await ids('tab=deleted')).toEqual([d]);
    const deleted = (await viewer.get(`/api/articles?q=${tag}&tab=deleted`)).json().data[0];
    expect(deleted.deletedAt).not.toBeNull();
  });

  it('G3: totals without a search term come from article_counts and stay exact through inserts, edits, soft deletes, restores and deletes', async () => {
    const tag = `k${Date.now().toString(36)}`;
    const vitra = encodeURIComponent(`${tag} Vitra`);
    const queries = [
      '',
      'tab=deleted',
      `type=${tag}T1`,
      `type=${tag}T2`,
      `type=${tag}T1&supplier=${vitra}`,
      `supplier=${vitra}&tab=deleted`,
      `type=${tag}T1&status=blocked`,
      'status=blocked',
    ];
    // What count(*) says for each query, next to what the list answers.
    const direct = async (query: string) => {
      const p = new URLSearchParams(query);
      const r = await tdb.db.raw.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM articles
          WHERE (deleted_at IS NULL) = $1 AND ($2::text IS NULL OR type_code = $2)
            AND ($3::text IS NULL OR supplier_name = $3) AND ($4::text IS NULL OR status = $4)`,
        [p.get('tab') !== 'deleted', p.get('type'), p.get('supplier'), p.get('status')],
      );
      return Number(r[0]?.n);
    };
    const expectExact = async (step: string) => {
      expect(await articleCountsDrift(tdb.db), step).toEqual([]);
      for (const q of queries) {
        const res = await viewer.get(`/api/articles?perPage=1&${q}`);
        expect(res.json().meta.total, `${step}: ${q}`).toBe(await direct(q));
      }
    };
    const [a, b, c, d] = await insertArticles(tdb.db, [
      { name: `${tag} a`, typeCode: `${tag}T1`, typeName: 'Stoelen', supplierName: `${tag} Vitra` },
      { name: `${tag} b`, typeCode: `${tag}T1`, typeName: 'Stoelen', supplierName: `${tag} Hay`, status: 'blocked' },
      { name: `${tag} c`, typeCode: `${tag}T2`, typeName: 'Tafels', supplierName: null },
      { name: `${tag} d`, typeCode: `${tag}T1`, typeName: 'Stoelen', supplierName: `${tag} Vitra`, deleted: true },
    ]);
    await expectExact('inserted');
    expect((await viewer.get(`/api/articles?perPage=1&type=${tag}T1`)).json().meta.total).toBe(2);
    const run = (text: string, values: unknown[]) => tdb.db.raw.query(text, values);
    await run(`UPDATE articles SET type_code = $2, type_name = 'Tafels' WHERE id = $1`, [a, `${tag}T2`]);
    await expectExact('type changed');
    await run('UPDATE articles SET deleted_at = now() WHERE id = ANY($1::int[])', [[b, c]]);
    await expectExact('soft-deleted');
    await run('UPDATE articles SET deleted_at = NULL WHERE id = $1', [d]);
    await expectExact('restored');
    await run(`UPDATE articles SET usage = 'Alleen binnen' WHERE id = $1`, [a]);
    await expectExact('staff field edited');
    await run('DELETE FROM articles WHERE id = $1', [c]);
    await expectExact('deleted');
    expect((await viewer.get(`/api/articles?perPage=1&type=${tag}T1`)).json().meta.total).toBe(1);
  });

  it('shows the impression thumbnail (else the first of its media) and the product made from the article', async () => {
    const tag = `p${Date.now().toString(36)}`;
    const [withBoth, plain, mediaOnly] = await insertArticles(tdb.db, [
      { name: `${tag} 1` },
      { name: `${tag} 2` },
      { name: `${tag} 3` },
    ]);
    const [m, second, first] = await newMedia(3);
    await tdb.db.orm
      .update(articles)
      .set({ impressionMediaId: m })
      .where(eq(articles.id, withBoth ?? 0));
    // Media but no impression: the list shows the first of them by position.
    await tdb.db.orm.insert(articleMedia).values([
      { articleId: mediaOnly ?? 0, mediaId: second ?? 0, position: 1 },
      { articleId: mediaOnly ?? 0, mediaId: first ?? 0, position: 0 },
    ]);
    const [p] = await tdb.db.orm
      .insert(products)
      .values({
        articleId: withBoth,
        slug: `${tag}-product`,
        nameNl: 'Product',
        sortOrder: 900_000 + Math.floor(Math.random() * 99_999),
      })
      .returning({ id: products.id });
    const data = (await viewer.get(`/api/articles?q=${tag}`)).json().data;
    expect(data[0]).toMatchObject({ id: withBoth, thumbUrl: `/api/media/${m}/thumb`, productId: p?.id });
    expect(data[1]).toMatchObject({ id: plain, thumbUrl: null, productId: null });
    expect(data[2]).toMatchObject({ id: mediaOnly, thumbUrl: `/api/media/${first}/thumb` });
    // The detail's own thumbUrl follows the same rule; its impression stays the chosen one (none).
    const detail = (await viewer.get(`/api/articles/${mediaOnly}`)).json().data;
    expect(detail).toMatchObject({ thumbUrl: `/api/media/${first}/thumb`, impression: null });
  });

  it('refuses bad queries with fieldErrors (I1, I4)', async () => {
    for (const [query, field] of [
      ['perPage=1000', 'querystring.perPage'],
      ['page=0', 'querystring.page'],
      ['sort=price', 'querystring.sort'],
      ['tab=archived', 'querystring.tab'],
      ['status=gone', 'querystring.status'],
      ['bogus=1', 'querystring.bogus'],
      ['page=1e2', 'querystring.page'],
    ] as const) {
      const res = await viewer.get(`/api/articles?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
    expect((await viewer.get('/api/articles/facets?x=1')).statusCode).toBe(400);
    // The static siblings of /api/articles/:articleId answer other methods with 405, not a bad-id 400 (I8).
    const patchFacets = await editor.patch('/api/articles/facets', update(1));
    expect(patchFacets.statusCode).toBe(405);
    expect(patchFacets.headers.allow).toBe('GET');
    const getSync = await editor.get('/api/articles/sync');
    expect(getSync.statusCode).toBe(405);
    expect(getSync.headers.allow).toBe('POST');
    expect((await viewer.get('/api/articles/sync/runs?perPage=500')).statusCode).toBe(400);
  });
});

describe('GET /api/articles/facets', () => {
  it('counts live articles per type, supplier and status', async () => {
    await tdb.db.orm.execute(sql`DELETE FROM articles WHERE erp_id LIKE 'facet-%'`);
    const before = (await viewer.get('/api/articles/facets')).json().data;
    await insertArticles(tdb.db, [
      { erpId: 'facet-1', typeCode: 'FCT', typeName: 'Facettypen', supplierName: 'Facet BV' },
      { erpId: 'facet-2', typeCode: 'FCT', typeName: 'Facettypen', supplierName: 'Facet BV', status: 'discontinued' },
      { erpId: 'facet-3', typeCode: 'FCT', typeName: 'Facettypen', supplierName: 'Facet BV', deleted: true },
    ]);
    const res = await viewer.get('/api/articles/facets');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.types).toContainEqual({ code: 'FCT', name: 'Facettypen', count: 2 });
    expect(data.suppliers).toContainEqual({ name: 'Facet BV', count: 2 });
    const count = (list: { status: string; count: number }[], s: string) => list.find((x) => x.status === s)?.count ?? 0;
    expect(count(data.statuses, 'discontinued')).toBe(count(before.statuses, 'discontinued') + 1);
    expect(count(data.statuses, 'active')).toBe(count(before.statuses, 'active') + 1);
  });
});

describe('GET /api/articles/:articleId', () => {
  it('answers the article with its ERP fields, staff fields and media in order', async () => {
    const [id] = await insertArticles(tdb.db, [{ name: 'Detail stoel', typeCode: 'STOEL', typeName: 'Stoelen' }]);
    const [m1, m2] = await newMedia(2);
    await tdb.db.orm
      .update(articles)
      .set({ usage: 'Hutten', impressionMediaId: m2, lengthMm: 450, costPrice: '123.4500' })
      .where(eq(articles.id, id ?? 0));
    await tdb.db.orm.insert(articleMedia).values([
      { articleId: id ?? 0, mediaId: m2 ?? 0, position: 0 },
      { articleId: id ?? 0, mediaId: m1 ?? 0, position: 1 },
    ]);
    const res = await viewer.get(`/api/articles/${id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id,
      name: 'Detail stoel',
      typeName: 'Stoelen',
      usage: 'Hutten',
      lengthMm: 450,
      costPrice: 123.45,
      linkedProjects: [],
      version: 1,
      thumbUrl: `/api/media/${m2}/thumb`,
    });
    expect(d.media.map((m: { id: number }) => m.id)).toEqual([m2, m1]);
    expect(d.impression).toMatchObject({ id: m2, thumbUrl: `/api/media/${m2}/thumb`, largeUrl: `/api/media/${m2}/large` });
    // Looking is not editing: the article says what this viewer may do with it.
    expect(d.abilities).toEqual({
      canEdit: false,
      canCreateProduct: false,
      reasons: { canEdit: 'FORBIDDEN', canCreateProduct: 'FORBIDDEN' },
    });
    expect((await editor.get(`/api/articles/${id}`)).json().data.abilities).toEqual({
      canEdit: true,
      canCreateProduct: true,
      reasons: {},
    });
  });

  it('answers 404 ARTICLE_NOT_FOUND alike for an unknown and a removed id, and 400 for a malformed one', async () => {
    const [gone] = await insertArticles(tdb.db, [{}]);
    await tdb.db.orm.delete(articles).where(eq(articles.id, gone ?? 0));
    const a = await viewer.get(`/api/articles/${gone}`);
    const b = await viewer.get('/api/articles/2147483647');
    for (const r of [a, b]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 'ARTICLE_NOT_FOUND' });
    }
    const { requestId: _a, ...bodyA } = a.json();
    const { requestId: _b, ...bodyB } = b.json();
    expect(bodyA).toEqual(bodyB);
    for (const bad of ['x', '0', '-1', '1e3', '2147483648']) {
      const r = await viewer.get(`/api/articles/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().fieldErrors).toHaveProperty(['params.articleId']);
    }
    const p = await editor.patch(`/api/articles/${gone}`, update(1));
    expect(p.statusCode).toBe(404);
    expect(p.json().code).toBe('ARTICLE_NOT_FOUND');
  });
});

describe('PATCH /api/articles/:articleId', () => {
  it('saves the staff fields and media, bumps the version and writes an audit row', async () => {
    const [id] = await insertArticles(tdb.db, [{ name: 'Te verrijken', sku: 'ENR-1' }]);
    const [m1, m2, m3] = await newMedia(3);
    const res = await editor.patch(
      `/api/articles/${id}`,
      update(1, {
        usage: '  Lobby en restaurant  ',
        specifications: 'Brandklasse B-s1,d0',
        options: '',
        impressionMediaId: m3,
        mediaIds: [m3, m1, m2],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      usage: 'Lobby en restaurant',
      specifications: 'Brandklasse B-s1,d0',
      options: null,
      version: 2,
      name: 'Te verrijken',
      sku: 'ENR-1',
    });
    expect(await storedArticle(id ?? 0)).toMatchObject({
      usage: 'Lobby en restaurant',
      options: null,
      impressionMediaId: m3,
      version: 2,
      name: 'Te verrijken',
    });
    const stored = await tdb.db.orm
      .select({ mediaId: articleMedia.mediaId, position: articleMedia.position })
      .from(articleMedia)
      .where(eq(articleMedia.articleId, id ?? 0))
      .orderBy(asc(articleMedia.position));
    expect(stored).toEqual([
      { mediaId: m3, position: 0 },
      { mediaId: m1, position: 1 },
      { mediaId: m2, position: 2 },
    ]);
    const audit = (await auditRows(tdb.db, 'article.updated')).filter((r) => r.subjectId === String(id));
    expect(audit.at(-1)).toMatchObject({ event: 'article.updated', accountId: editorAccountId, subjectType: 'article' });

    // Removing media and the impression.
    const again = await editor.patch(`/api/articles/${id}`, update(2, { mediaIds: [m1] }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ impression: null, version: 3, usage: null });
    expect(again.json().data.media.map((m: { id: number }) => m.id)).toEqual([m1]);
  });

  it('D1: refuses a stale version with 409 STALE_VERSION and keeps the newer save', async () => {
    const [id] = await insertArticles(tdb.db, [{}]);
    expect((await editor.patch(`/api/articles/${id}`, update(1, { usage: 'eerste' }))).statusCode).toBe(200);
    const stale = await editor.patch(`/api/articles/${id}`, update(1, { usage: 'tweede' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await storedArticle(id ?? 0)).toMatchObject({ usage: 'eerste', version: 2 });
  });

  it('D10: refuses ERP-owned fields and bad input with fieldErrors, and changes nothing', async () => {
    const [id] = await insertArticles(tdb.db, [{ name: 'ERP naam' }]);
    const [m1, m2] = await newMedia(2);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...update(1), name: 'Andere naam' }, 'name', 'unknown_field'],
      [{ ...update(1), costPrice: 1 }, 'costPrice', 'unknown_field'],
      [update(1, { usage: 'x'.repeat(2001) }), 'usage', 'too_long'],
      [update(1, { mediaIds: 'x' }), 'mediaIds', 'invalid_type'],
      [update(1, { mediaIds: Array.from({ length: 51 }, (_, i) => i + 1) }), 'mediaIds', 'too_many'],
      [{ ...update(1), version: undefined }, 'version', 'required'],
      [update(1, { impressionMediaId: m2, mediaIds: [m1] }), 'impressionMediaId', 'not_allowed'],
      [update(1, { mediaIds: [m1, m1] }), 'mediaIds', 'duplicate'],
      [update(1, { mediaIds: [m1, 2_147_483_000] }), 'mediaIds', 'not_found'],
    ];
    for (const [body, field, code] of cases) {
      const res = await editor.patch(`/api/articles/${id}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, field).toBe(code);
    }
    expect(await storedArticle(id ?? 0)).toMatchObject({ name: 'ERP naam', usage: null, version: 1 });
    expect(
      await tdb.db.orm
        .select()
        .from(articleMedia)
        .where(eq(articleMedia.articleId, id ?? 0)),
    ).toEqual([]);
  });
});

describe('sync runs API', () => {
  it('POST /api/articles/sync answers 202 with the run, and the history lists runs newest first', async () => {
    await tdb.db.orm.execute(sql`DELETE FROM sync_runs`);
    const res = await editor.post('/api/articles/sync', {});
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json().data;
    // Jobs run inline in tests: the run has finished by the time the answer comes.
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', created: 30, fetched: 30, expected: 30 });
    const noBody = await syncer.request('POST', '/api/articles/sync');
    expect(noBody.statusCode, noBody.body).toBe(202);
    expect(noBody.json().data).toMatchObject({ status: 'succeeded', unchanged: 30 });
    expect((await syncer.post('/api/articles/sync', { full: true })).statusCode).toBe(400);

    const list = await viewer.get('/api/articles/sync/runs?perPage=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(list.json().data[0].id).toBe(noBody.json().data.id);
    const one = await syncer.get(`/api/articles/sync/runs/${run.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(run);
    expect(Object.keys(run).sort()).toEqual(
      [
        'created',
        'deleted',
        'error',
        'errorDetail',
        'expected',
        'fetched',
        'finishedAt',
        'id',
        'phase',
        'startedAt',
        'status',
        'trigger',
        'triggeredBy',
        'unchanged',
        'updated',
      ].sort(),
    );
    const missing = await viewer.get('/api/articles/sync/runs/2147483647');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('SYNC_RUN_NOT_FOUND');
    expect((await viewer.get('/api/articles/sync/runs/abc')).statusCode).toBe(400);
    expect(env.t.logText()).toContain('"event":"articles.sync-started"');
  });
});

describe('articleTitle (breadcrumbs)', () => {
  it('names the article for employees with articles.view, and nobody else', async () => {
    const [id] = await insertArticles(tdb.db, [{ name: 'Kruimelpad artikel' }]);
    const ctx = (permissions: string[], kind: 'employee' | 'client' = 'employee') =>
      ({ db: tdb.db, actor: { kind, permissions: new Set(permissions) } }) as unknown as Ctx;
    expect(await articleTitle(ctx(['articles.view']), id ?? 0)).toBe('Kruimelpad artikel');
    expect(await articleTitle(ctx(['products.manage']), id ?? 0)).toBeNull();
    expect(await articleTitle(ctx(['articles.view'], 'client'), id ?? 0)).toBeNull();
    expect(await articleTitle(ctx(['articles.view']), 2_147_483_647)).toBeNull();
  });
});
