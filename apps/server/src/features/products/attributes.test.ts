import { ATTRIBUTE_KINDS } from '@app/shared/products/attributes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { attributes, auditLog } from '../../db/schema';
import { createAttribute, createProduct, createRoboxMaterial } from './catalogue.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccountId: number;
let noPerm: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['products.manage'] },
      noPerm: { permissions: ['articles.view', 'inspiration-products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ manager, noPerm, client, anon } = cast);
  managerAccountId = cast.manager.fx.accountId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function stored(id: number) {
  const rows = await tdb.db.orm.select().from(attributes).where(eq(attributes.id, id));
  return rows[0] ?? null;
}

function endpoints(id: number) {
  return [
    { method: 'GET', url: '/api/attributes' },
    { method: 'GET', url: '/api/attributes/options' },
    { method: 'GET', url: '/api/attributes/areas' },
    { method: 'POST', url: '/api/attributes/areas', body: { nameNl: 'Probe', nameEn: 'Probe' } },
    { method: 'PATCH', url: `/api/attributes/areas/${id}`, body: { nameNl: 'Probe 2', nameEn: '', version: 1 } },
    { method: 'DELETE', url: `/api/attributes/areas/${id}?version=1` },
  ];
}

describe('attributes API access (Z1)', () => {
  it('answers 401 to an anonymous caller and 403 to an employee without products.manage and to a company user', async () => {
    const a = await createAttribute(tdb.db, 'areas');
    for (const e of endpoints(a.id)) {
      const res = await anon.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    for (const who of [noPerm, client]) {
      for (const e of endpoints(a.id)) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await stored(a.id)).toMatchObject({ version: 1, nameNl: a.nameNl });
    expect(await tdb.db.orm.select().from(attributes).where(eq(attributes.nameNl, 'Probe'))).toEqual([]);
  });

  it('answers 419 to unsafe calls without the CSRF token (C1)', async () => {
    const a = await createAttribute(tdb.db, 'areas');
    for (const e of endpoints(a.id).filter((x) => x.method !== 'GET')) {
      const res = await manager.request(e.method, e.url, { body: e.body, csrf: false });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(419);
    }
    expect(await stored(a.id)).toMatchObject({ version: 1 });
  });
});

describe('GET /api/attributes and /api/attributes/options', () => {
  it('counts every kind, zero included', async () => {
    const before = (await manager.get('/api/attributes')).json().data as { kind: string; count: number }[];
    expect(before.map((r) => r.kind)).toEqual([...ATTRIBUTE_KINDS]);
    await createAttribute(tdb.db, 'preferences');
    await createAttribute(tdb.db, 'preferences');
    const after = (await manager.get('/api/attributes')).json().data as { kind: string; count: number }[];
    const count = (rows: typeof after, k: string) => rows.find((r) => r.kind === k)?.count;
    expect(count(after, 'preferences')).toBe((count(before, 'preferences') ?? 0) + 2);
    expect(count(after, 'suppliers')).toBe(count(before, 'suppliers'));
  });

  it('lists every attribute of every kind with its type group', async () => {
    const group = await createAttribute(tdb.db, 'type-groups', { nameNl: 'Opties groep' });
    const type = await createAttribute(tdb.db, 'types', { nameNl: 'Opties type', typeGroupId: group.id });
    const res = await manager.get('/api/attributes/options');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number }[];
    expect(data).toContainEqual({
      id: type.id,
      kind: 'types',
      nameNl: 'Opties type',
      nameEn: 'Opties type (en)',
      typeGroupId: group.id,
    });
    expect(data).toContainEqual(expect.objectContaining({ id: group.id, kind: 'type-groups', typeGroupId: null }));
    expect((await manager.get('/api/attributes/options?x=1')).statusCode).toBe(400);
  });

  it('lets someone who only sorts products read the options (the sort screen picks a category), nothing else', async () => {
    const s = await createEmployee(tdb.db, { permissions: ['products.sort'] });
    const sorter = t.agent();
    await sorter.login(s.email, s.password);
    expect((await sorter.get('/api/attributes/options')).statusCode).toBe(200);
    for (const url of ['/api/attributes', '/api/attributes/categories']) expect((await sorter.get(url)).statusCode).toBe(403);
    expect((await sorter.post('/api/attributes/categories', { nameNl: 'Sorteerder' })).statusCode).toBe(403);
  });
});

describe('GET /api/attributes/:kind', () => {
  it('pages, searches and sorts one kind, with productsCount', async () => {
    const tag = `feat${Date.now().toString(36)}`;
    const a = await createAttribute(tdb.db, 'features', { nameNl: `${tag} Alfa` });
    await createAttribute(tdb.db, 'features', { nameNl: `${tag} Beta` });
    await createAttribute(tdb.db, 'features', { nameNl: `${tag} Gamma` });
    await createAttribute(tdb.db, 'areas', { nameNl: `${tag} other kind` });
    await createProduct(tdb.db, { attributeIds: [a.id] });
    await createProduct(tdb.db, { attributeIds: [a.id] });
    const p1 = (await manager.get(`/api/attributes/features?q=${tag}&perPage=2&sort=-name`)).json();
    expect(p1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(p1.data.map((r: { nameNl: string }) => r.nameNl)).toEqual([`${tag} Gamma`, `${tag} Beta`]);
    const byProducts = (await manager.get(`/api/attributes/features?q=${tag}&sort=-products`)).json();
    expect(byProducts.data[0]).toMatchObject({ id: a.id, kind: 'features', productsCount: 2, version: 1, typeGroupId: null });
  });

  it('counts the types in a type group as its productsCount and names the group on its types', async () => {
    const g = await createAttribute(tdb.db, 'type-groups', { nameNl: 'Groep telling' });
    await createAttribute(tdb.db, 'types', { nameNl: 'Telling een', typeGroupId: g.id });
    await createAttribute(tdb.db, 'types', { nameNl: 'Telling twee', typeGroupId: g.id });
    const groups = (await manager.get('/api/attributes/type-groups?q=Groep%20telling')).json();
    expect(groups.data[0]).toMatchObject({ id: g.id, productsCount: 2 });
    const types = (await manager.get('/api/attributes/types?q=Telling')).json();
    expect(types.data.map((r: { typeGroupNameNl: string }) => r.typeGroupNameNl)).toEqual(['Groep telling', 'Groep telling']);
  });

  it('answers 400 for an unknown kind, sort or query parameter (I1)', async () => {
    for (const url of [
      '/api/attributes/colours',
      '/api/attributes/areas?sort=evil',
      '/api/attributes/areas?perPage=101',
      '/api/attributes/areas?x=1',
    ]) {
      const res = await manager.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await manager.get('/api/attributes/colours')).json().fieldErrors).toHaveProperty(['params.kind']);
  });
});

describe('POST /api/attributes/:kind', () => {
  it('creates an attribute and audits attribute.created', async () => {
    const res = await manager.post('/api/attributes/areas', { nameNl: 'Hutten', nameEn: 'Cabins' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      kind: 'areas',
      nameNl: 'Hutten',
      nameEn: 'Cabins',
      typeGroupId: null,
      productsCount: 0,
      version: 1,
    });
    expect(await stored(data.id)).toMatchObject({ kind: 'areas', nameNl: 'Hutten', nameEn: 'Cabins', version: 1 });
    const audits = await auditRows(tdb.db, 'attribute.created', eq(auditLog.subjectId, String(data.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ accountId: managerAccountId, subjectType: 'attribute' });
  });

  it("refuses a duplicate Dutch name within the kind (any case) with fieldErrors.nameNl 'name_taken', but allows it in another kind", async () => {
    await createAttribute(tdb.db, 'materials', { nameNl: 'Messing' });
    const dup = await manager.post('/api/attributes/materials', { nameNl: 'messing', nameEn: 'Brass' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fieldErrors).toEqual({ nameNl: { code: 'name_taken' } });
    expect((await manager.post('/api/attributes/features', { nameNl: 'Messing' })).statusCode).toBe(201);
  });

  it('type group rules: only a type takes a typeGroupId, and it must be a type group', async () => {
    const group = await createAttribute(tdb.db, 'type-groups', { nameNl: 'Meubilair regels' });
    const area = await createAttribute(tdb.db, 'areas');
    const ok = await manager.post('/api/attributes/types', { nameNl: 'Stoel regels', typeGroupId: group.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ typeGroupId: group.id, typeGroupNameNl: 'Meubilair regels' });
    expect(await stored(ok.json().data.id)).toMatchObject({ typeGroupId: group.id });

    const notGroup = await manager.post('/api/attributes/types', { nameNl: 'Tafel regels', typeGroupId: area.id });
    expect(notGroup.statusCode).toBe(400);
    expect(notGroup.json().fieldErrors).toEqual({ typeGroupId: { code: 'not_found' } });
    const unknown = await manager.post('/api/attributes/types', { nameNl: 'Tafel regels', typeGroupId: 987654 });
    expect(unknown.json().fieldErrors).toEqual({ typeGroupId: { code: 'not_found' } });
    const wrongKind = await manager.post('/api/attributes/areas', { nameNl: 'Lobby regels', typeGroupId: group.id });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().fieldErrors).toEqual({ typeGroupId: { code: 'not_allowed' } });
    expect(await tdb.db.orm.select().from(attributes).where(eq(attributes.nameNl, 'Tafel regels'))).toEqual([]);
  });

  it('answers 400 with fieldErrors for an empty name, a long name and unknown fields (Z8)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nameNl: '  ' }, 'nameNl', 'required'],
      [{ nameNl: 'x'.repeat(121) }, 'nameNl', 'too_long'],
      [{ nameNl: 'Ok', version: 1 }, 'version', 'unknown_field'],
      [{ nameNl: 'Ok', kind: 'areas' }, 'kind', 'unknown_field'],
      [{ nameNl: 'Ok', typeGroupId: 'x' }, 'typeGroupId', 'invalid_type'],
    ];
    for (const [body, field, code] of cases) {
      const res = await manager.post('/api/attributes/areas', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], field).toMatchObject({ code });
    }
  });
});

describe('PATCH /api/attributes/:kind/:attributeId', () => {
  it('renames, bumps the version and audits attribute.updated', async () => {
    const a = await createAttribute(tdb.db, 'suppliers', { nameNl: 'Leverancier oud' });
    const res = await manager.patch(`/api/attributes/suppliers/${a.id}`, {
      nameNl: 'Leverancier nieuw',
      nameEn: 'Supplier',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.id, nameNl: 'Leverancier nieuw', nameEn: 'Supplier', version: 2 });
    expect(await stored(a.id)).toMatchObject({ nameNl: 'Leverancier nieuw', version: 2 });
    expect(await auditRows(tdb.db, 'attribute.updated', eq(auditLog.subjectId, String(a.id)))).toHaveLength(1);
  });

  it('moves a type to another type group, and keeps its own name without name_taken', async () => {
    const g1 = await createAttribute(tdb.db, 'type-groups');
    const g2 = await createAttribute(tdb.db, 'type-groups');
    const type = await createAttribute(tdb.db, 'types', { typeGroupId: g1.id });
    const res = await manager.patch(`/api/attributes/types/${type.id}`, { nameNl: type.nameNl, typeGroupId: g2.id, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(await stored(type.id)).toMatchObject({ typeGroupId: g2.id, version: 2 });
  });

  it('answers 409 STALE_VERSION for a stale version (D1), 404 for an unknown id or another kind, name_taken for a taken name', async () => {
    const a = await createAttribute(tdb.db, 'areas');
    const b = await createAttribute(tdb.db, 'areas');
    expect((await manager.patch(`/api/attributes/areas/${a.id}`, { nameNl: `${a.nameNl} x`, version: 1 })).statusCode).toBe(200);
    const stale = await manager.patch(`/api/attributes/areas/${a.id}`, { nameNl: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await stored(a.id)).toMatchObject({ nameNl: `${a.nameNl} x`, version: 2 });

    const unknown = await manager.patch('/api/attributes/areas/987654', { nameNl: 'Ghost', version: 1 });
    const otherKind = await manager.patch(`/api/attributes/features/${b.id}`, { nameNl: 'Ghost', version: 1 });
    for (const r of [unknown, otherKind]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('ATTRIBUTE_NOT_FOUND');
    }
    expect(unknown.json().message).toBe(otherKind.json().message);

    const taken = await manager.patch(`/api/attributes/areas/${b.id}`, { nameNl: `${a.nameNl} X`.toUpperCase(), version: 1 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors.nameNl.code).toBe('name_taken');

    for (const version of [undefined, 0, '1']) {
      const res = await manager.patch(`/api/attributes/areas/${b.id}`, { nameNl: 'No version', version });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('version');
    }
    expect((await manager.patch(`/api/attributes/areas/x`, { nameNl: 'x', version: 1 })).statusCode).toBe(400);
  });
});

describe('DELETE /api/attributes/:kind/:attributeId', () => {
  it('deletes an unused attribute and audits attribute.deleted', async () => {
    const a = await createAttribute(tdb.db, 'preferences');
    const res = await manager.delete(`/api/attributes/preferences/${a.id}?version=1`);
    expect(res.statusCode).toBe(204);
    expect(await stored(a.id)).toBeNull();
    expect(await auditRows(tdb.db, 'attribute.deleted', eq(auditLog.subjectId, String(a.id)))).toHaveLength(1);
  });

  it('refuses ATTRIBUTE_IN_USE with the count while products use it', async () => {
    const a = await createAttribute(tdb.db, 'categories');
    await createProduct(tdb.db, { categoryIds: [a.id] });
    await createProduct(tdb.db, { categoryIds: [a.id] });
    const res = await manager.delete(`/api/attributes/categories/${a.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ATTRIBUTE_IN_USE', details: { count: 2 } });
    expect(await stored(a.id)).not.toBeNull();
  });

  it('refuses ATTRIBUTE_IN_USE for a type group that still has types, and for a supplier a robox material names', async () => {
    const g = await createAttribute(tdb.db, 'type-groups');
    await createAttribute(tdb.db, 'types', { typeGroupId: g.id });
    const groupRes = await manager.delete(`/api/attributes/type-groups/${g.id}?version=1`);
    expect(groupRes.statusCode).toBe(409);
    expect(groupRes.json()).toMatchObject({ code: 'ATTRIBUTE_IN_USE', details: { count: 1 } });

    const s = await createAttribute(tdb.db, 'suppliers');
    await createRoboxMaterial(tdb.db, { supplierId: s.id });
    const supplierRes = await manager.delete(`/api/attributes/suppliers/${s.id}?version=1`);
    expect(supplierRes.statusCode).toBe(409);
    expect(supplierRes.json()).toMatchObject({ code: 'ATTRIBUTE_IN_USE', details: { count: 1 } });
    // The rule behind abilities counts what the delete counts: the supplier is not offered for deletion.
    const listed = (await manager.get(`/api/attributes/suppliers?q=${encodeURIComponent(s.nameNl)}`)).json().data;
    expect(listed.find((x: { id: number }) => x.id === s.id)).toMatchObject({
      productsCount: 0,
      usesCount: 1,
      abilities: { canDelete: false, reasons: { canDelete: 'ATTRIBUTE_IN_USE' } },
    });
    expect(await stored(g.id)).not.toBeNull();
    expect(await stored(s.id)).not.toBeNull();
  });

  it('answers 409 for a stale version, 400 without one, 404 for an unknown id or another kind', async () => {
    const a = await createAttribute(tdb.db, 'areas');
    const stale = await manager.delete(`/api/attributes/areas/${a.id}?version=2`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const missing = await manager.delete(`/api/attributes/areas/${a.id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty(['querystring.version']);
    for (const url of ['/api/attributes/areas/987654?version=1', `/api/attributes/features/${a.id}?version=1`]) {
      const res = await manager.delete(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('ATTRIBUTE_NOT_FOUND');
    }
    expect(
      await tdb.db.orm
        .select()
        .from(attributes)
        .where(and(eq(attributes.id, a.id), eq(attributes.version, 1))),
    ).toHaveLength(1);
  });
});
