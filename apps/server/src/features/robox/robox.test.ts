import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, productRoboxMaterials, roboxMaterialCategories, roboxMaterials } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import {
  createArticle,
  createAttribute,
  createProduct,
  createRoboxCategory,
  createRoboxMaterial,
} from '../products/catalogue.fixtures';
import { roboxCategoryTitle, roboxMaterialTitle } from './robox.service';

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
      noPerm: { permissions: ['articles.view', 'products.sort', 'inspiration-products.manage'] },
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

async function storedCategory(id: number) {
  return (await tdb.db.orm.select().from(roboxMaterialCategories).where(eq(roboxMaterialCategories.id, id)))[0] ?? null;
}
async function storedMaterial(id: number) {
  return (await tdb.db.orm.select().from(roboxMaterials).where(eq(roboxMaterials.id, id)))[0] ?? null;
}

const materialInput = (code: string, o: Record<string, unknown> = {}) => ({
  name: `Plaat ${code}`,
  code,
  categoryId: null,
  thicknessMm: 18,
  sheetLengthMm: 2800,
  sheetWidthMm: 2070,
  colourFinish: 'Wit mat',
  supplierId: null,
  articleId: null,
  ...o,
});

describe('robox API access (Z1)', () => {
  function endpoints(catId: number, matId: number) {
    return [
      { method: 'GET', url: '/api/robox/material-categories' },
      { method: 'POST', url: '/api/robox/material-categories', body: { name: 'Probe' } },
      { method: 'GET', url: `/api/robox/material-categories/${catId}` },
      { method: 'PATCH', url: `/api/robox/material-categories/${catId}`, body: { name: 'Probe', version: 1 } },
      { method: 'DELETE', url: `/api/robox/material-categories/${catId}?version=1` },
      { method: 'GET', url: '/api/robox/materials' },
      { method: 'GET', url: '/api/robox/materials/options' },
      { method: 'POST', url: '/api/robox/materials', body: materialInput('PROBE-1') },
      { method: 'GET', url: `/api/robox/materials/${matId}` },
      { method: 'PATCH', url: `/api/robox/materials/${matId}`, body: { ...materialInput('PROBE-2'), version: 1 } },
      { method: 'DELETE', url: `/api/robox/materials/${matId}?version=1` },
    ];
  }

  it('answers 401 anonymous, 403 without products.manage and to a company user, and changes nothing', async () => {
    const cat = await createRoboxCategory(tdb.db);
    const mat = await createRoboxMaterial(tdb.db);
    for (const e of endpoints(cat.id, mat.id)) {
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, `${e.method} ${e.url}`).toBe(401);
    }
    for (const who of [noPerm, client]) {
      for (const e of endpoints(cat.id, mat.id)) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await storedCategory(cat.id)).toMatchObject({ version: 1 });
    expect(await storedMaterial(mat.id)).toMatchObject({ version: 1 });
  });

  it('answers 419 to unsafe calls without the CSRF token (C1)', async () => {
    const cat = await createRoboxCategory(tdb.db);
    const mat = await createRoboxMaterial(tdb.db);
    for (const e of endpoints(cat.id, mat.id).filter((x) => x.method !== 'GET')) {
      expect((await manager.request(e.method, e.url, { body: e.body, csrf: false })).statusCode, `${e.method} ${e.url}`).toBe(
        419,
      );
    }
    expect(await storedCategory(cat.id)).toMatchObject({ version: 1 });
    expect(await storedMaterial(mat.id)).toMatchObject({ version: 1 });
  });
});

describe('material categories', () => {
  it('creates, reads, updates (version) and deletes, with audit rows', async () => {
    const created = await manager.post('/api/robox/material-categories', {
      name: 'Fineer',
      description: 'Echt houtfineer',
      sortOrder: 2,
    });
    expect(created.statusCode).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({ name: 'Fineer', description: 'Echt houtfineer', sortOrder: 2, materialsCount: 0, version: 1 });
    expect(await storedCategory(c.id)).toMatchObject({ name: 'Fineer', sortOrder: 2 });
    expect((await manager.get(`/api/robox/material-categories/${c.id}`)).json().data).toEqual(c);

    const updated = await manager.patch(`/api/robox/material-categories/${c.id}`, { name: 'Fineer & massief', version: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Fineer & massief', description: '', sortOrder: 0, version: 2 });
    const stale = await manager.patch(`/api/robox/material-categories/${c.id}`, { name: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await storedCategory(c.id)).toMatchObject({ name: 'Fineer & massief', version: 2 });

    expect((await manager.delete(`/api/robox/material-categories/${c.id}?version=2`)).statusCode).toBe(204);
    expect(await storedCategory(c.id)).toBeNull();
    for (const ev of ['robox-category.created', 'robox-category.updated', 'robox-category.deleted']) {
      const rows = await auditRows(tdb.db, ev, eq(auditLog.subjectId, String(c.id)));
      expect(rows, ev).toHaveLength(1);
      expect(rows[0]?.accountId).toBe(managerAccountId);
    }
  });

  it("lists by sort order then name ('order'), searches and counts materials", async () => {
    const tag = `cat${Date.now().toString(36)}`;
    const b = await createRoboxCategory(tdb.db, { name: `${tag} B`, sortOrder: 1 });
    const a = await createRoboxCategory(tdb.db, { name: `${tag} A`, sortOrder: 1 });
    const z = await createRoboxCategory(tdb.db, { name: `${tag} Z`, sortOrder: 0 });
    await createRoboxMaterial(tdb.db, { categoryId: a.id });
    await createRoboxMaterial(tdb.db, { categoryId: a.id });
    const res = (await manager.get(`/api/robox/material-categories?q=${tag}`)).json();
    expect(res.data.map((r: { id: number }) => r.id)).toEqual([z.id, a.id, b.id]);
    expect(res.data[1].materialsCount).toBe(2);
    const byCount = (await manager.get(`/api/robox/material-categories?q=${tag}&sort=-materials&perPage=1`)).json();
    expect(byCount.data[0].id).toBe(a.id);
    expect(byCount.meta).toEqual({ current_page: 1, last_page: 3, per_page: 1, total: 3 });
  });

  it('refuses ROBOX_CATEGORY_IN_USE while the category has materials; 404 unknown, 400 bad input', async () => {
    const c = await createRoboxCategory(tdb.db);
    await createRoboxMaterial(tdb.db, { categoryId: c.id });
    const res = await manager.delete(`/api/robox/material-categories/${c.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROBOX_CATEGORY_IN_USE', details: { count: 1 } });
    expect(await storedCategory(c.id)).not.toBeNull();
    // The category says so itself, by the same rule, so the screen need not offer the delete.
    expect((await manager.get(`/api/robox/material-categories/${c.id}`)).json().data.abilities).toEqual({
      canEdit: true,
      canDelete: false,
      reasons: { canDelete: 'ROBOX_CATEGORY_IN_USE' },
    });

    for (const [method, url, body] of [
      ['GET', '/api/robox/material-categories/987654', undefined],
      ['PATCH', '/api/robox/material-categories/987654', { name: 'x', version: 1 }],
      ['DELETE', '/api/robox/material-categories/987654?version=1', undefined],
    ] as const) {
      const r = await manager.request(method, url, { body });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json().code).toBe('ROBOX_CATEGORY_NOT_FOUND');
    }
    const bad: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'required'],
      [{ name: 'x', sortOrder: -1 }, 'sortOrder', 'too_small'],
      [{ name: 'x', id: 3 }, 'id', 'unknown_field'],
    ];
    for (const [body, field, code] of bad) {
      const r = await manager.post('/api/robox/material-categories', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().fieldErrors[field]).toMatchObject({ code });
    }
    expect((await manager.get('/api/robox/material-categories?sort=evil')).statusCode).toBe(400);
    expect((await manager.delete(`/api/robox/material-categories/${c.id}`)).statusCode).toBe(400);
  });
});

describe('materials', () => {
  it('creates a material with its category, supplier and article, reads, updates and deletes it, with audit rows', async () => {
    const cat = await createRoboxCategory(tdb.db, { name: 'Plaatmateriaal' });
    const supplier = await createAttribute(tdb.db, 'suppliers', { nameNl: 'Egger' });
    const art = await createArticle(tdb.db, { sku: 'MDF-18', name: 'MDF 18 mm' });
    const created = await manager.post(
      '/api/robox/materials',
      materialInput('MDF-18-WH', { categoryId: cat.id, supplierId: supplier.id, articleId: art.id }),
    );
    expect(created.statusCode).toBe(201);
    const m = created.json().data;
    expect(m).toMatchObject({
      name: 'Plaat MDF-18-WH',
      code: 'MDF-18-WH',
      categoryId: cat.id,
      categoryName: 'Plaatmateriaal',
      thicknessMm: 18,
      sheetLengthMm: 2800,
      sheetWidthMm: 2070,
      colourFinish: 'Wit mat',
      supplierId: supplier.id,
      supplierName: 'Egger',
      articleId: art.id,
      articleSku: 'MDF-18',
      articleName: 'MDF 18 mm',
      productsCount: 0,
      version: 1,
    });
    expect(await storedMaterial(m.id)).toMatchObject({
      code: 'MDF-18-WH',
      categoryId: cat.id,
      supplierId: supplier.id,
      articleId: art.id,
    });
    expect((await manager.get(`/api/robox/materials/${m.id}`)).json().data).toEqual(m);

    const updated = await manager.patch(`/api/robox/materials/${m.id}`, {
      ...materialInput('MDF-18-WH', { thicknessMm: 19, categoryId: null }),
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ thicknessMm: 19, categoryId: null, categoryName: null, version: 2 });
    const stale = await manager.patch(`/api/robox/materials/${m.id}`, { ...materialInput('MDF-18-WH'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await storedMaterial(m.id)).toMatchObject({ thicknessMm: 19, version: 2 });

    expect((await manager.delete(`/api/robox/materials/${m.id}?version=2`)).statusCode).toBe(204);
    expect(await storedMaterial(m.id)).toBeNull();
    for (const ev of ['robox-material.created', 'robox-material.updated', 'robox-material.deleted']) {
      expect(await auditRows(tdb.db, ev, eq(auditLog.subjectId, String(m.id))), ev).toHaveLength(1);
    }
  });

  it("refuses a code in use, whatever its case, with fieldErrors.code 'code_taken' (also on update, not for its own code)", async () => {
    const a = await createRoboxMaterial(tdb.db, { code: 'HPL-08-OAK' });
    const dup = await manager.post('/api/robox/materials', materialInput('hpl-08-oak'));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fieldErrors).toEqual({ code: { code: 'code_taken' } });
    const b = await createRoboxMaterial(tdb.db, { code: 'HPL-08-WAL' });
    const taken = await manager.patch(`/api/robox/materials/${b.id}`, { ...materialInput('Hpl-08-Oak'), version: 1 });
    expect(taken.json().fieldErrors).toEqual({ code: { code: 'code_taken' } });
    const own = await manager.patch(`/api/robox/materials/${a.id}`, { ...materialInput('hpl-08-OAK'), version: 1 });
    expect(own.statusCode).toBe(200);
    expect(await storedMaterial(b.id)).toMatchObject({ code: 'HPL-08-WAL', version: 1 });
  });

  it('refuses references that do not exist or are of the wrong kind, and bad fields (400)', async () => {
    const notSupplier = await createAttribute(tdb.db, 'materials');
    const goneArticle = await createArticle(tdb.db, { deleted: true });
    const res = await manager.post(
      '/api/robox/materials',
      materialInput('REF-1', { categoryId: 987654, supplierId: notSupplier.id, articleId: goneArticle.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      categoryId: { code: 'not_found' },
      supplierId: { code: 'not_found' },
      articleId: { code: 'not_found' },
    });
    const bad: [Record<string, unknown>, string][] = [
      [materialInput('bad code'), 'code'],
      [materialInput('X', { thicknessMm: -1 }), 'thicknessMm'],
      [materialInput('X', { name: '' }), 'name'],
      [{ ...materialInput('X'), productsCount: 1 }, 'productsCount'],
      [{ name: 'Zonder velden', code: 'X' }, 'categoryId'],
    ];
    for (const [body, field] of bad) {
      const r = await manager.post('/api/robox/materials', body);
      expect(r.statusCode, field).toBe(400);
      expect(r.json().fieldErrors).toHaveProperty([field]);
    }
    expect(await tdb.db.orm.select().from(roboxMaterials).where(eq(roboxMaterials.code, 'REF-1'))).toEqual([]);
  });

  it('filters on search (name, code, colour), category, supplier and exact thickness', async () => {
    const tag = `flt${Date.now().toString(36)}`;
    const cat = await createRoboxCategory(tdb.db);
    const sup = await createAttribute(tdb.db, 'suppliers');
    const a = await createRoboxMaterial(tdb.db, { name: `${tag} MDF`, code: `${tag}-A`, categoryId: cat.id, thicknessMm: 18 });
    const b = await createRoboxMaterial(tdb.db, { name: `${tag} HPL`, code: `${tag}-B`, supplierId: sup.id, thicknessMm: 0.8 });
    const c = await createRoboxMaterial(tdb.db, {
      name: 'Kantenband',
      code: `${tag}-C`,
      colourFinish: `${tag} eiken`,
      thicknessMm: 18,
    });
    const q = async (query: string) =>
      ((await manager.get(`/api/robox/materials?${query}`)).json().data as { id: number }[]).map((r) => r.id);
    expect(await q(`q=${tag}&sort=code`)).toEqual([a.id, b.id, c.id]);
    expect(await q(`q=${tag}%20eiken`)).toEqual([c.id]);
    expect(await q(`q=${tag}&categoryId=${cat.id}`)).toEqual([a.id]);
    expect(await q(`q=${tag}&supplierId=${sup.id}`)).toEqual([b.id]);
    expect(await q(`q=${tag}&thickness=18&sort=-code`)).toEqual([c.id, a.id]);
    expect(await q(`q=${tag}&sort=thickness`)).toEqual([b.id, a.id, c.id]);
    for (const bad of ['thickness=0.8', 'thickness=x', 'categoryId=x', 'sort=evil', 'supplier=1']) {
      expect((await manager.get(`/api/robox/materials?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('answers the options list of all materials (id, name, code)', async () => {
    const m = await createRoboxMaterial(tdb.db, { name: 'Optie materiaal', code: 'OPT-1' });
    const res = await manager.get('/api/robox/materials/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ id: m.id, name: 'Optie materiaal', code: 'OPT-1' });
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['code', 'id', 'name']);
  });

  it('refuses ROBOX_MATERIAL_IN_USE while products use the material; 404 unknown; 409 stale; 400 no version', async () => {
    const m = await createRoboxMaterial(tdb.db);
    const p = await createProduct(tdb.db);
    await tdb.db.orm.insert(productRoboxMaterials).values({ productId: p.id, roboxMaterialId: m.id });
    const inUse = await manager.delete(`/api/robox/materials/${m.id}?version=1`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'ROBOX_MATERIAL_IN_USE', details: { count: 1 } });
    expect((await manager.get(`/api/robox/materials/${m.id}`)).json().data).toMatchObject({
      productsCount: 1,
      abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'ROBOX_MATERIAL_IN_USE' } },
    });
    expect(await storedMaterial(m.id)).not.toBeNull();

    for (const [method, url, body] of [
      ['GET', '/api/robox/materials/987654', undefined],
      ['PATCH', '/api/robox/materials/987654', { ...materialInput('GHOST'), version: 1 }],
      ['DELETE', '/api/robox/materials/987654?version=1', undefined],
    ] as const) {
      const r = await manager.request(method, url, { body });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json().code).toBe('ROBOX_MATERIAL_NOT_FOUND');
    }
    const free = await createRoboxMaterial(tdb.db);
    expect((await manager.delete(`/api/robox/materials/${free.id}?version=2`)).statusCode).toBe(409);
    expect((await manager.delete(`/api/robox/materials/${free.id}`)).statusCode).toBe(400);
    expect((await manager.get('/api/robox/materials/x')).statusCode).toBe(400);
  });
});

describe('breadcrumb titles', () => {
  it('names materials and categories only for staff with products.manage', async () => {
    const c = await createRoboxCategory(tdb.db, { name: 'Titel categorie' });
    const m = await createRoboxMaterial(tdb.db, { name: 'Titel materiaal' });
    const ctx = (actor: Actor) => ({ db: tdb.db, actor }) as unknown as Ctx;
    const staff = ctx({ kind: 'employee', permissions: new Set(['products.manage']) } as unknown as Actor);
    const other = ctx({ kind: 'employee', permissions: new Set(['articles.view']) } as unknown as Actor);
    expect(await roboxCategoryTitle(staff, c.id)).toBe('Titel categorie');
    expect(await roboxMaterialTitle(staff, m.id)).toBe('Titel materiaal');
    expect(await roboxMaterialTitle(staff, 987654)).toBeNull();
    for (const who of [other, ctx({ kind: 'anonymous' })]) {
      expect(await roboxCategoryTitle(who, c.id)).toBeNull();
      expect(await roboxMaterialTitle(who, m.id)).toBeNull();
    }
  });
});
