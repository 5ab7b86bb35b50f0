import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, companyPosts } from '../../db/schema';
import { createMediaRow } from '../products/catalogue.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let actAs: Agent;
let customer: Agent;
let otherCustomer: Agent;
let companyId: number;
let otherId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // The test clock: Saturday 21 November 2026, 09:00 UTC.
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    // actAs has the right to act as a company; the tests choose when it does.
    staff: { manager: { permissions: ['companies.manage'] }, actAs: { permissions: ['companies.act-as-client'] } },
    companies: { company: { name: 'News Co' }, other: { name: 'Other News Co' } },
    clients: { customer: { company: 'company' }, otherCustomer: { company: 'other' } },
  });
  ({ manager, actAs, customer, otherCustomer } = cast);
  companyId = cast.companies.company.id;
  otherId = cast.companies.other.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const url = (c: number, id?: number, tail = '') => `/api/companies/${c}/posts${id === undefined ? '' : `/${id}`}${tail}`;
const input = (o: Record<string, unknown> = {}) => ({
  title: 'Dek 5 opgeleverd',
  body: '<h2>Klaar</h2><p>Alle <strong>hutten</strong> op dek 5 zijn klaar.</p>',
  ...o,
});

describe('company posts: access', () => {
  it('answers 401 anonymous and 403 without companies.manage; a company user only reads the portal news', async () => {
    const anon = t.agent();
    await anon.csrf();
    for (const [method, u, body] of [
      ['GET', url(companyId), undefined],
      ['POST', url(companyId), input()],
    ] as const) {
      expect((await anon.request(method, u, { body })).statusCode).toBe(401);
      expect((await actAs.request(method, u, { body })).statusCode).toBe(403);
      expect((await customer.request(method, u, { body })).statusCode).toBe(403);
    }
    expect((await anon.get('/api/client/posts')).statusCode).toBe(401);
    expect((await manager.get('/api/client/posts')).statusCode).toBe(403);
  });
});

describe('company posts: writing and publishing', () => {
  it('keeps only the allowed HTML, and refuses a body that is empty after that', async () => {
    const res = await manager.post(
      url(companyId),
      input({
        body: '<p onclick="x()">Hallo<script>alert(1)</script> <a href="javascript:alert(1)">link</a></p><img src=x onerror=alert(2)>',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      body: '<p>Hallo link</p>',
      status: 'draft',
      publishAt: null,
      scheduled: false,
      version: 1,
    });
    const empty = await manager.post(url(companyId), input({ body: '<script>alert(1)</script><p> </p>' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.body.code).toBe('required');
    expect(await auditRows(tdb.db, 'company_post.created', eq(auditLog.subjectId, String(res.json().data.id)))).toHaveLength(1);
  });

  it('shows a published post in its own company’s portal only, a draft and a scheduled one nowhere', async () => {
    const image = await createMediaRow(tdb.db);
    const published = (
      await manager.post(url(companyId), input({ title: 'Gepubliceerd', status: 'published', imageMediaId: image }))
    ).json().data;
    expect(published).toMatchObject({
      status: 'published',
      publishAt: '2026-11-21T09:00:00.000Z',
      scheduled: false,
      image: { id: image },
    });
    const draft = (await manager.post(url(companyId), input({ title: 'Concept' }))).json().data;
    const later = (
      await manager.post(url(companyId), input({ title: 'Later', status: 'published', publishAt: '2026-12-01T08:00:00+01:00' }))
    ).json().data;
    expect(later).toMatchObject({ scheduled: true, publishAt: '2026-12-01T07:00:00.000Z' });

    const portal = (await customer.get('/api/client/posts')).json();
    expect(portal.data.map((p: { id: number }) => p.id)).toEqual([published.id]);
    expect(portal.data[0]).toEqual({
      id: published.id,
      title: 'Gepubliceerd',
      body: published.body,
      image: {
        thumbUrl: `/api/media/${image}/thumb`,
        largeUrl: `/api/media/${image}/large`,
        width: expect.any(Number),
        height: expect.any(Number),
      },
      publishAt: published.publishAt,
    });
    for (const id of [draft.id, later.id]) expect((await customer.get(`/api/client/posts/${id}`)).statusCode).toBe(404);
    expect((await otherCustomer.get(`/api/client/posts/${published.id}`)).statusCode).toBe(404);
    expect((await otherCustomer.get('/api/client/posts')).json().data).toEqual([]);
    // The acting employee reads what the company reads.
    actAs.actingAs = companyId;
    expect((await actAs.get('/api/client/posts')).json().data.map((p: { id: number }) => p.id)).toEqual([published.id]);
    actAs.actingAs = null;
    // The time comes (here: the publish time moves to just before now): the scheduled post shows.
    await tdb.db.orm
      .update(companyPosts)
      .set({ publishAt: new Date('2026-11-21T08:59:00Z') })
      .where(eq(companyPosts.id, later.id));
    expect((await customer.get('/api/client/posts')).json().data.map((p: { id: number }) => p.id)).toEqual([
      published.id,
      later.id,
    ]);
  });

  it('lists drafts first then by publish time; edits with the version; deletes', async () => {
    const c = (await createCompany(tdb.db)).id;
    const a = (await manager.post(url(c), input({ title: 'A', status: 'published', publishAt: '2026-10-01T00:00:00Z' }))).json()
      .data;
    const b = (await manager.post(url(c), input({ title: 'B', status: 'published', publishAt: '2026-11-01T00:00:00Z' }))).json()
      .data;
    const d = (await manager.post(url(c), input({ title: 'D' }))).json().data;
    const list = (await manager.get(url(c))).json();
    expect(list.data.map((p: { title: string }) => p.title)).toEqual(['D', 'B', 'A']);
    expect(list.meta.total).toBe(3);
    expect((await manager.get(`${url(c)}?status=draft`)).json().data.map((p: { id: number }) => p.id)).toEqual([d.id]);
    const saved = await manager.put(url(c, a.id), { ...input({ title: 'A2', status: 'published' }), version: 1 });
    expect(saved.json().data).toMatchObject({ title: 'A2', publishAt: '2026-10-01T00:00:00.000Z', version: 2 });
    expect((await manager.put(url(c, a.id), { ...input(), version: 1 })).statusCode).toBe(409);
    expect((await manager.delete(url(c, b.id, '?version=1'))).statusCode).toBe(204);
    expect(await tdb.db.orm.select().from(companyPosts).where(eq(companyPosts.id, b.id))).toEqual([]);
    // Another company's post is not found under this company.
    const foreign = (await manager.post(url(otherId), input())).json().data;
    expect((await manager.get(url(c, foreign.id))).statusCode).toBe(404);
  });

  it('refuses an image the caller cannot see, a bad time and unknown fields', async () => {
    for (const [body, field, code] of [
      [input({ imageMediaId: 2147483000 }), 'imageMediaId', 'not_found'],
      [input({ publishAt: 'tomorrow' }), 'publishAt', 'invalid_format'],
      [input({ status: 'live' }), 'status', 'invalid_choice'],
      [{ ...input(), companyId: otherId }, 'companyId', 'unknown_field'],
    ] as const) {
      const res = await manager.post(url(companyId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, field).toBe(code);
    }
  });
});
