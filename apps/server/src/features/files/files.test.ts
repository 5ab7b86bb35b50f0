import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { companyProjectAreas, files, projectCompanies, projects } from '../../db/schema';
import { UPLOAD_RATE } from '../../platform/multipart';
import { createAreaRow, createFileRow, createProjectRow, createTaskRow } from '../projects/projects.fixtures';
import { purgeUnattachedFiles, UNATTACHED_GRACE_MS } from './files.service';

let tdb: TestDatabase;
let t: TestApp;
let uploaderFx: EmployeeFixture;
let uploader: Agent;
let otherManager: Agent;
let viewer: Agent;
let noPerm: Agent;
let clientA: Agent;
let clientB: Agent;
let actingAsA: Agent;
let anon: Agent;
let companyA: { id: number };
let companyB: { id: number };

const signIn = async (fx: { email: string; password: string }) => {
  const a = t.agent();
  await a.login(fx.email, fx.password);
  return a;
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  uploaderFx = await createEmployee(tdb.db, { permissions: ['projects.manage'], firstName: 'Uma' });
  uploader = await signIn(uploaderFx);
  otherManager = await signIn(await createEmployee(tdb.db, { permissions: ['projects.manage'] }));
  viewer = await signIn(await createEmployee(tdb.db, { permissions: ['projects.view'] }));
  noPerm = await signIn(await createEmployee(tdb.db, { permissions: ['products.manage'] }));
  companyA = await createCompany(tdb.db);
  companyB = await createCompany(tdb.db);
  clientA = await signIn(await createClient(tdb.db, companyA.id));
  clientB = await signIn(await createClient(tdb.db, companyB.id));
  actingAsA = await signIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client', 'projects.manage'] }));
  actingAsA.actingAs = companyA.id;
  anon = t.agent();
  await anon.csrf();
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

// ---- building uploads

interface Part {
  name: string;
  type?: string;
  data: Buffer;
}

/** A multipart body as a browser's FormData sends it (field "files"), plus any plain fields. */
function multipart(parts: Part[], fields: Record<string, string> = {}) {
  const boundary = `----test${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const f of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`, 'utf8'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(a: Agent, parts: Part[], fields: Record<string, string> = {}, o: { csrf?: boolean } = {}) {
  const m = multipart(parts, fields);
  return a.request('POST', '/api/files', { body: m.body, headers: { 'content-type': m.contentType }, ...o });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP of stored (uncompressed) entries; `declaredSize` lies about an entry's unpacked size in the central directory. */
function zip(entries: { name: string; data: Buffer | string; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const name = Buffer.from(e.name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.declaredSize ?? data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/x" ContentType="${main}"/></Types>`;
const docx = (declaredSize?: number) =>
  zip([
    {
      name: '[Content_Types].xml',
      data: contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    },
    { name: 'word/document.xml', data: '<w:document/>', ...(declaredSize ? { declaredSize } : {}) },
    // An Office document may embed another (a chart's workbook): no reason to refuse it.
    { name: 'word/embeddings/chart.xlsx', data: 'PK' },
  ]);
const xlsx = () =>
  zip([
    {
      name: '[Content_Types].xml',
      data: contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
    },
    { name: 'xl/workbook.xml', data: '<workbook/>' },
  ]);
const pdf = () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const png = () =>
  sharp({ create: { width: 20, height: 10, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .png()
    .toBuffer();

async function storedFile(id: number) {
  return (await tdb.db.orm.select().from(files).where(eq(files.id, id)))[0] ?? null;
}
async function fileCount() {
  return (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(files))[0]?.n ?? 0;
}

describe('POST /api/files (F1-F5)', () => {
  it('stores PDF, images, Office documents, ZIP, text and CSV, sniffed from their bytes, with the uploader', async () => {
    const res = await upload(uploader, [
      { name: 'Offerte 2027.pdf', data: pdf() },
      { name: 'foto.PNG', data: await png() },
      { name: 'bestek.docx', data: docx() },
      { name: 'planning.xlsx', data: xlsx() },
      { name: 'tekeningen.zip', data: zip([{ name: 'dek5/plan.pdf', data: pdf() }]) },
      { name: 'notities.txt', data: Buffer.from('Kajuit 5001: deur klemt — nakijken\n') },
      { name: 'maten.csv', data: Buffer.from('kajuit;breedte\n5001;2400\n') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { data, rejected } = res.json();
    expect(rejected).toEqual([]);
    expect(data.map((f: { originalName: string; mime: string }) => [f.originalName, f.mime])).toEqual([
      ['Offerte 2027.pdf', 'application/pdf'],
      ['foto.PNG', 'image/png'],
      ['bestek.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['planning.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['tekeningen.zip', 'application/zip'],
      ['notities.txt', 'text/plain'],
      ['maten.csv', 'text/csv'],
    ]);
    const first = data[0];
    expect(first).toMatchObject({
      url: `/api/files/${first.id}`,
      size: pdf().length,
      uploadedBy: expect.stringMatching(/^Uma Employee /),
      createdAt: expect.any(String),
    });
    const row = await storedFile(first.id);
    expect(row).toMatchObject({ originalName: 'Offerte 2027.pdf', createdBy: uploaderFx.accountId, size: pdf().length });
    // Stored under a generated key, not under its name (F5).
    expect(row?.storageKey).toMatch(/^[a-z0-9]{2}\/[a-z0-9]{2}\/[A-Za-z0-9_-]+$/);
    expect(await t.app.platform.storage.size(row?.storageKey as string)).toBe(pdf().length);
  });

  it('names each refused file with its reason and still stores the good one (F3, F4, F7)', async () => {
    const before = await fileCount();
    const res = await upload(uploader, [
      { name: 'ok.pdf', data: pdf() },
      { name: 'invoice.pdf', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'logo.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      { name: 'drawing.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { name: 'plan.png', data: pdf() },
      { name: 'setup.exe', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) },
      { name: 'binary.txt', data: Buffer.from('abc\u0000def') },
      { name: 'latin1.csv', data: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) },
      { name: 'page.html', data: Buffer.from('<!doctype html><p>hi</p>') },
      { name: 'fake.docx', data: zip([{ name: 'a.txt', data: 'x' }]) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.map((f: { originalName: string }) => f.originalName)).toEqual(['ok.pdf']);
    expect(res.json().rejected).toEqual(
      [
        'invoice.pdf',
        'logo.png',
        'drawing.svg',
        'plan.png',
        'setup.exe',
        'binary.txt',
        'latin1.csv',
        'page.html',
        'fake.docx',
      ].map((name) => ({ name, code: 'type_not_allowed' })),
    );
    expect(await fileCount()).toBe(before + 1);
  });

  it('checks a ZIP from its headers: no archive inside, a bounded number of entries and unpacked size (F4)', async () => {
    const before = await fileCount();
    const many = zip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, data: '' })));
    const res = await upload(uploader, [
      { name: 'nested.zip', data: zip([{ name: 'inner.zip', data: zip([{ name: 'a.txt', data: 'a' }]) }]) },
      { name: 'bomb.zip', data: zip([{ name: 'big.txt', data: 'x', declaredSize: 0xfffffff0 }]) },
      { name: 'many.zip', data: many },
      { name: 'broken.zip', data: zip([{ name: 'a.txt', data: 'a' }]).subarray(0, 60) },
      { name: 'bomb.docx', data: docx(0xfffffff0) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      data: [],
      rejected: [
        { name: 'nested.zip', code: 'type_not_allowed' },
        { name: 'bomb.zip', code: 'too_large' },
        { name: 'many.zip', code: 'too_large' },
        { name: 'broken.zip', code: 'type_not_allowed' },
        { name: 'bomb.docx', code: 'too_large' },
      ],
    });
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file over 50 MB while streaming, and keeps a NUL out of the name (F2, I10)', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(50 * 1024 * 1024 + 10)]);
    const res = await upload(uploader, [
      { name: 'big.pdf', data: big },
      { name: 'bad\u0000name.pdf', data: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rejected).toEqual([
      { name: 'big.pdf', code: 'too_large' },
      { name: 'badname.pdf', code: 'invalid_character' },
    ]);
  });

  it("refuses uploads over the account's rate with 429 and Retry-After, storing nothing, images included (F9)", async () => {
    const fx = await createEmployee(tdb.db, { permissions: ['projects.manage', 'products.manage'] });
    const busy = await signIn(fx);
    const ok = await upload(busy, [{ name: 'a.pdf', data: pdf() }]);
    expect(ok.statusCode, ok.body).toBe(201);
    // The window is the account's: as if it had uploaded UPLOAD_RATE.max times already.
    await tdb.db.raw.query('UPDATE rate_limits SET count = $2 WHERE key = $1', [`upload:${fx.accountId}`, UPLOAD_RATE.max]);
    const count = async () => (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(files))[0]?.n;
    const before = await count();
    const refused = await upload(busy, [{ name: 'b.pdf', data: pdf() }]);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfter: expect.any(Number) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(UPLOAD_RATE.windowMs / 1000);
    const m = multipart([{ name: 'foto.png', data: await png() }]);
    const image = await busy.request('POST', '/api/media', { body: m.body, headers: { 'content-type': m.contentType } });
    expect(image.statusCode).toBe(429);
    expect(await count()).toBe(before);
    // Someone else is not held up.
    expect((await upload(uploader, [{ name: 'c.pdf', data: pdf() }])).statusCode).toBe(201);
  });

  it('purges files nothing holds after the grace period, with their bytes; attached and recent ones stay', async () => {
    const storage = t.app.platform.storage;
    const project = await createProjectRow(tdb.db);
    const area = await createAreaRow(tdb.db, project.id);
    const task = await createTaskRow(tdb.db, project.id, area.id);
    const loose = await createFileRow(tdb.db, { storage });
    const onProject = await createFileRow(tdb.db, { storage, projectId: project.id });
    const onTask = await createFileRow(tdb.db, { storage, taskId: task.id });
    const fresh = await createFileRow(tdb.db, { storage });
    const old = new Date(Date.now() - UNATTACHED_GRACE_MS - 60_000);
    await tdb.db.raw.query('UPDATE files SET created_at = $1 WHERE id = ANY($2::int[])', [
      old,
      [loose.id, onProject.id, onTask.id],
    ]);
    expect(await purgeUnattachedFiles(t.app.platform, new Date())).toBeGreaterThanOrEqual(1);
    expect(await storedFile(loose.id)).toBeFalsy();
    expect(await storage.size(loose.storageKey)).toBeNull();
    for (const kept of [onProject, onTask, fresh]) {
      expect(await storedFile(kept.id)).toBeTruthy();
      expect(await storage.size(kept.storageKey)).toBeGreaterThan(0);
    }
  });

  it('answers 400 naming the rule for no file, a form field or too many files, and a JSON body (F1)', async () => {
    const before = await fileCount();
    const none = await upload(uploader, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { files: { code: 'required' } } });
    expect(none.json().message).toMatch(/1 to 10 files .* 50 MB/);
    const field = await upload(uploader, [{ name: 'a.pdf', data: pdf() }], { projectId: '3' });
    expect(field.statusCode).toBe(400);
    expect(field.json().fieldErrors).toEqual({ projectId: { code: 'unknown_field' } });
    const eleven = await upload(
      uploader,
      Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, data: pdf() })),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toMatchObject({ fieldErrors: { files: { code: 'too_many_files', params: { max: 10 } } } });
    expect(eleven.json().message).toMatch(/ZIP/);
    // A JSON body is not an upload: the guard refuses a body on a route that declares none.
    const json = await uploader.post('/api/files', { files: [] });
    expect(json.statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('answers 401 anonymous, 403 without projects.manage or in the portal view, 419 without the CSRF token', async () => {
    const before = await fileCount();
    const part = [{ name: 'a.pdf', data: pdf() }];
    expect((await upload(anon, part)).statusCode).toBe(401);
    for (const who of [viewer, noPerm, clientA, actingAsA]) {
      const res = await upload(who, part);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await upload(uploader, part, {}, { csrf: false })).statusCode).toBe(419);
    expect(await fileCount()).toBe(before);
  });
});

describe('GET /api/files/:fileId (F6, Z5)', () => {
  async function uploadOne(name: string, data: Buffer): Promise<number> {
    const res = await upload(uploader, [{ name, data }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0].id;
  }

  it('serves a file as an attachment with its type, nosniff and no caching by others', async () => {
    const id = await uploadOne('Offerte €2027 – définitief.pdf', pdf());
    const res = await uploader.get(`/api/files/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf())).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const disposition = String(res.headers['content-disposition']);
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Offerte €2027 – définitief.pdf')}`);
    const text = await uploadOne('notes.txt', Buffer.from('hallo\n'));
    expect((await uploader.get(`/api/files/${text}`)).headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('shows a fresh upload to its uploader only, and after it is attached to a project to whoever may see the project', async () => {
    const id = await uploadOne('scope.pdf', pdf());
    const missing = await otherManager.get('/api/files/2147483000');
    expect(missing.statusCode).toBe(404);
    const strip = (b: string) => {
      const { requestId: _r, ...rest } = JSON.parse(b);
      return rest;
    };
    for (const who of [otherManager, viewer, noPerm, clientA, actingAsA]) {
      const res = await who.get(`/api/files/${id}`);
      expect(res.statusCode).toBe(404);
      expect(strip(res.body)).toEqual(strip(missing.body));
      expect(strip(res.body)).toEqual({ code: 'FILE_NOT_FOUND', message: 'File not found' });
    }
    expect((await anon.get(`/api/files/${id}`)).statusCode).toBe(401);

    const created = await uploader.post('/api/projects', {
      name: 'Files ship',
      managerIds: [uploaderFx.employeeId],
      companyIds: [companyA.id],
      attachmentIds: [id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().data.id;
    for (const who of [uploader, otherManager, viewer, clientA, actingAsA]) {
      expect((await who.get(`/api/files/${id}`)).statusCode).toBe(200);
    }
    for (const who of [noPerm, clientB]) expect((await who.get(`/api/files/${id}`)).statusCode).toBe(404);

    // A deleted project's files leave the portal; staff keep them (the project can be restored).
    await tdb.db.orm.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, projectId));
    expect((await clientA.get(`/api/files/${id}`)).statusCode).toBe(404);
    expect((await viewer.get(`/api/files/${id}`)).statusCode).toBe(200);
  });

  it("shows a task's files to the portal only when the task's area is one the company may see", async () => {
    const p = await createProjectRow(tdb.db, { companyIds: [companyA.id] });
    const allowed = await createAreaRow(tdb.db, p.id);
    const hidden = await createAreaRow(tdb.db, p.id);
    const storage = t.app.platform.storage;
    const inAllowed = await createFileRow(tdb.db, { storage, taskId: (await createTaskRow(tdb.db, p.id, allowed.id)).id });
    const inHidden = await createFileRow(tdb.db, { storage, taskId: (await createTaskRow(tdb.db, p.id, hidden.id)).id });
    expect((await clientA.get(`/api/files/${inHidden.id}`)).statusCode).toBe(200);
    await tdb.db.orm
      .update(projectCompanies)
      .set({ allAreas: false })
      .where(sql`${projectCompanies.projectId} = ${p.id} AND ${projectCompanies.companyId} = ${companyA.id}`);
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId: p.id, companyId: companyA.id, areaId: allowed.id });
    expect((await clientA.get(`/api/files/${inAllowed.id}`)).statusCode).toBe(200);
    expect((await clientA.get(`/api/files/${inHidden.id}`)).statusCode).toBe(404);
    expect((await clientB.get(`/api/files/${inAllowed.id}`)).statusCode).toBe(404);
    expect((await viewer.get(`/api/files/${inHidden.id}`)).statusCode).toBe(200);
  });

  it('answers 400 to an id that cannot exist and 404 when the bytes are gone', async () => {
    expect((await uploader.get('/api/files/abc')).statusCode).toBe(400);
    const p = await createProjectRow(tdb.db);
    const noBytes = await createFileRow(tdb.db, { projectId: p.id });
    expect((await viewer.get(`/api/files/${noBytes.id}`)).statusCode).toBe(404);
  });
});
