import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { type LocalS3, startLocalS3 } from '../../../test/helpers/storage';
import { companyProjectAreas, files, projectCompanies, projects } from '../../db/schema';
import { UPLOAD_RATE } from '../../platform/multipart';
import { createAreaRow, createFileRow, createProjectRow, createTaskRow } from '../projects/projects.fixtures';
import { purgeUnattachedFiles, UNATTACHED_GRACE_MS } from './files.service';

/**
 * Every upload and download test runs twice: on local disk (the default) and on S3-compatible
 * storage (s3rver, started by the test on a free port), so both storages are proven in CI.
 */
describe.each(['disk', 's3'] as const)('files on %s storage', (storageKind) => {
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

  const signIn = async (fx: { email: string; password: string }) => {
    const a = t.agent();
    await a.login(fx.email, fx.password);
    return a;
  };

  let s3: LocalS3 | null = null;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    s3 = storageKind === 's3' ? await startLocalS3() : null;
    t = await startTestApp({ db: tdb.db, ...(s3 ? { storage: s3.storage() } : {}) });
    const cast = await castOf(t, {
      staff: {
        uploader: { permissions: ['projects.manage'], firstName: 'Uma' },
        otherManager: { permissions: ['projects.manage'] },
        viewer: { permissions: ['projects.view'] },
        noPerm: { permissions: ['products.manage'] },
      },
      companies: { companyA: {}, companyB: {} },
      clients: { clientA: { company: 'companyA' }, clientB: { company: 'companyB' } },
      acting: { actingAsA: { permissions: ['companies.act-as-client', 'projects.manage'], company: 'companyA' } },
      anon: true,
    });
    ({ uploader, otherManager, viewer, noPerm, clientA, clientB, actingAsA, anon } = cast);
    ({ companyA } = cast.companies);
    uploaderFx = cast.uploader.fx;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
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
  /** A PDF-looking file of exactly `size` bytes ('%PDF-1.7' header, filler, '%%EOF'), generated in 1 MB chunks: never held whole. */
  function pdfLike(size: number): Readable {
    const head = Buffer.from('%PDF-1.7\n');
    const tail = Buffer.from('\n%%EOF\n');
    const filler = Buffer.alloc(1024 * 1024, 0x20);
    let left = size - head.length - tail.length;
    return Readable.from(
      (function* () {
        yield head;
        while (left > 0) {
          const n = Math.min(left, filler.length);
          left -= n;
          yield n === filler.length ? filler : filler.subarray(0, n);
        }
        yield tail;
      })(),
    );
  }
  async function sha256(chunks: AsyncIterable<unknown> | Buffer): Promise<string> {
    const h = createHash('sha256');
    if (Buffer.isBuffer(chunks)) h.update(chunks);
    else for await (const c of chunks) h.update(c as Buffer);
    return h.digest('hex');
  }

  /** A multipart upload whose file streams from `file` (nothing buffered), sent as the agent. */
  async function uploadStream(
    a: Agent,
    url: string,
    files: { name: string; data: Readable }[],
    headers: Record<string, string> = {},
  ) {
    const boundary = `----stream${Date.now()}`;
    const body = Readable.from(
      (async function* () {
        for (const f of files) {
          yield Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          );
          yield* f.data;
          yield Buffer.from('\r\n');
        }
        yield Buffer.from(`--${boundary}--\r\n`);
      })(),
    );
    return t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: {
        cookie: a.cookieHeader(),
        'x-xsrf-token': a.xsrf ?? '',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(a.actingAs !== null ? { 'acting-as': String(a.actingAs) } : {}),
        ...headers,
      },
    });
  }

  /** The largest growth of this process's resident memory (MB) while `fn` runs, sampled every 20 ms. */
  async function rssGrowthDuring<T>(fn: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const result = await fn();
      peak = Math.max(peak, process.memoryUsage().rss);
      return { result, growthMb: (peak - before) / 1024 / 1024 };
    } finally {
      clearInterval(timer);
    }
  }

  const drawingUpload = (a: Agent, parts: Part[]) => {
    const m = multipart(parts);
    return a.request('POST', '/api/files?purpose=drawing', { body: m.body, headers: { 'content-type': m.contentType } });
  };

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

    it('lets the portal view upload (a company user, an employee acting as a company) and staff with companies.manage; each sees only its own upload', async () => {
      const accountManager = await signIn(await createEmployee(tdb.db, { permissions: ['companies.manage'] }));
      const ids: Record<string, number> = {};
      for (const [who, a] of [
        ['clientA', clientA],
        ['actingAsA', actingAsA],
        ['accountManager', accountManager],
      ] as const) {
        const res = await upload(a, [{ name: `${who}.pdf`, data: pdf() }]);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(201);
        ids[who] = res.json().data[0].id;
        const row = await storedFile(ids[who] as number);
        expect(await t.app.platform.storage.size(row?.storageKey as string)).toBe(pdf().length);
      }
      // Own uploads only, until a record holds them (an employee acting as a company is the uploader itself).
      const own = await clientA.get(`/api/files/${ids.clientA}`);
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(pdf())).toBe(true);
      expect((await actingAsA.get(`/api/files/${ids.actingAsA}`)).statusCode).toBe(200);
      expect((await accountManager.get(`/api/files/${ids.accountManager}`)).statusCode).toBe(200);
      for (const [who, a] of [
        ['clientB', clientB],
        ['actingAsA', actingAsA],
        ['uploader', uploader],
      ] as const) {
        expect((await a.get(`/api/files/${ids.clientA}`)).statusCode, who).toBe(404);
      }
      expect((await clientA.get(`/api/files/${ids.actingAsA}`)).statusCode).toBe(404);
      // A client may upload drawings too (a drawing comment's attachment).
      const drawing = await drawingUpload(clientB, [{ name: 'markup.pdf', data: pdf() }]);
      expect(drawing.statusCode, drawing.body).toBe(201);
    });

    it('takes exactly one drawing of PDF, PNG, JPEG, WebP or ZIP with ?purpose=drawing, streamed to storage and back', async () => {
      const size = 24 * 1024 * 1024 + 17;
      const res = await uploadStream(uploader, '/api/files?purpose=drawing', [
        { name: 'Dek 5 – GA plan.pdf', data: pdfLike(size) },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().rejected).toEqual([]);
      const info = res.json().data[0];
      expect(info).toMatchObject({ originalName: 'Dek 5 – GA plan.pdf', mime: 'application/pdf', size });
      const row = await storedFile(info.id);
      expect(await t.app.platform.storage.size(row?.storageKey as string)).toBe(size);
      // Downloaded back as a stream, byte for byte.
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/files/${info.id}`,
        headers: { cookie: uploader.cookieHeader() },
        payloadAsStream: true,
      });
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-length']).toBe(String(size));
      expect(await sha256(back.stream())).toBe(await sha256(pdfLike(size)));
      // A range from the middle (what pdf.js asks for) is that slice.
      const start = 16 * 1024 * 1024 - 5;
      const part = await uploader.get(`/api/files/${info.id}`, { headers: { range: `bytes=${start}-${start + 9}` } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${start + 9}/${size}`);
      expect(part.rawPayload.equals(Buffer.alloc(10, 0x20))).toBe(true);
      const end = await uploader.get(`/api/files/${info.id}`, { headers: { range: 'bytes=-7' } });
      expect(end.rawPayload.toString()).toBe('\n%%EOF\n');

      for (const [name, data, mime] of [
        ['plan.png', await png(), 'image/png'],
        ['sheets.zip', zip([{ name: 'deck5.pdf', data: pdf() }]), 'application/zip'],
        [
          'photo.jpg',
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
            .jpeg()
            .toBuffer(),
          'image/jpeg',
        ],
        [
          'scan.webp',
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#321' } })
            .webp()
            .toBuffer(),
          'image/webp',
        ],
      ] as const) {
        const one = await drawingUpload(uploader, [{ name, data }]);
        expect(one.statusCode, one.body).toBe(201);
        expect(one.json().data.map((f: { mime: string }) => f.mime)).toEqual([mime]);
      }
    });

    it('refuses for a drawing more than one file (400), other types and SVG or HTML named .pdf (type_not_allowed), an unknown purpose (400)', async () => {
      const before = await fileCount();
      const two = await drawingUpload(uploader, [
        { name: 'a.pdf', data: pdf() },
        { name: 'b.pdf', data: pdf() },
      ]);
      expect(two.statusCode).toBe(400);
      expect(two.json()).toMatchObject({ fieldErrors: { files: { code: 'too_many_files', params: { max: 1 } } } });
      expect(two.json().message).toMatch(/ZIP/);
      const none = await drawingUpload(uploader, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toMatch(/one file .* 500 MB/);
      for (const [name, data] of [
        ['plan.pdf', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
        ['plan2.pdf', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
        ['drawing.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
        ['spec.docx', docx()],
        ['notes.txt', Buffer.from('hello\n')],
        ['plan.png', pdf()],
        ['nested.zip', zip([{ name: 'inner.zip', data: zip([{ name: 'a.txt', data: 'a' }]) }])],
      ] as const) {
        const res = await drawingUpload(uploader, [{ name, data }]);
        expect(res.statusCode, name).toBe(201);
        expect(res.json(), name).toEqual({ data: [], rejected: [{ name, code: 'type_not_allowed' }] });
      }
      const m = multipart([{ name: 'a.pdf', data: pdf() }]);
      for (const q of ['purpose=model', 'purpose=', 'purpose=drawing&x=1']) {
        const res = await uploader.request('POST', `/api/files?${q}`, {
          body: m.body,
          headers: { 'content-type': m.contentType },
        });
        expect(res.statusCode, q).toBe(400);
      }
      expect(await fileCount()).toBe(before);
    });

    it('cuts a 600 MB drawing off at 500 MB while streaming (too_large, nothing stored, memory flat), and refuses a larger Content-Length with 413 before reading', async () => {
      const before = await fileCount();
      const { result: res, growthMb } = await rssGrowthDuring(() =>
        uploadStream(uploader, '/api/files?purpose=drawing', [{ name: 'huge.pdf', data: pdfLike(600 * 1024 * 1024) }]),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ data: [], rejected: [{ name: 'huge.pdf', code: 'too_large' }] });
      // 600 MB went through this process: it was never held (a few MB of buffers, not hundreds).
      expect(growthMb).toBeLessThan(150);
      expect(await fileCount()).toBe(before);

      const announced = await uploadStream(uploader, '/api/files?purpose=drawing', [{ name: 'big.pdf', data: pdfLike(1024) }], {
        'content-length': String(600 * 1024 * 1024),
      });
      expect(announced.statusCode).toBe(413);
      expect(announced.json().code).toBe('PAYLOAD_TOO_LARGE');
      expect(await fileCount()).toBe(before);
    }, 180_000);

    it('answers 401 anonymous, 403 to staff without projects.manage or companies.manage, 419 without the CSRF token', async () => {
      const before = await fileCount();
      const part = [{ name: 'a.pdf', data: pdf() }];
      expect((await upload(anon, part)).statusCode).toBe(401);
      for (const who of [viewer, noPerm]) {
        const res = await upload(who, part);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await upload(uploader, part, {}, { csrf: false })).statusCode).toBe(419);
      expect(await fileCount()).toBe(before);
    });

    it('lets upload for a purpose those who may save its record: a receipt every employee, an HR file the HR rights', async () => {
      const hr = t.agent();
      const hrFx = await createEmployee(tdb.db, { permissions: ['documents.manage'] });
      await hr.login(hrFx.email, hrFx.password);
      const sendFor = async (a: Agent, purpose: string) => {
        const m = multipart([{ name: 'bon.png', data: await png() }]);
        return a.request('POST', `/api/files?purpose=${purpose}`, { body: m.body, headers: { 'content-type': m.contentType } });
      };
      const before = await fileCount();
      // The fitter (no rights) files the receipt of a declaration; the HR officer adds an HR document.
      expect((await sendFor(noPerm, 'receipt')).statusCode).toBe(201);
      expect((await sendFor(viewer, 'receipt')).statusCode).toBe(201);
      expect((await sendFor(hr, 'hr-document')).statusCode).toBe(201);
      expect(await fileCount()).toBe(before + 3);
      // Each purpose to nobody else: 403 before a byte is stored.
      for (const [who, purpose] of [
        [noPerm, 'hr-document'],
        [uploader, 'hr-document'],
        [hr, 'attachment'],
        [clientA, 'receipt'],
        [clientA, 'hr-document'],
        [actingAsA, 'receipt'],
      ] as const) {
        const res = await sendFor(who, purpose);
        expect(res.statusCode, `${purpose}: ${res.body}`).toBe(403);
      }
      expect((await sendFor(anon, 'receipt')).statusCode).toBe(401);
      expect(await fileCount()).toBe(before + 3);
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

    it('answers byte ranges: 206 with Content-Range and the slice, 416 past the end, the whole file otherwise (F6 headers kept)', async () => {
      const data = Buffer.from('%PDF-1.7\n0123456789abcdefghijklmnopqrstuvwxyz\n%%EOF\n');
      const id = await uploadOne('range.pdf', data);
      const url = `/api/files/${id}`;
      const whole = await uploader.get(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-length']).toBe(String(data.length));
      const etag = String(whole.headers.etag);
      expect(etag).toMatch(/^"f\d+-\d+"$/);
      const get = (range: string, extra: Record<string, string> = {}) => uploader.get(url, { headers: { range, ...extra } });

      for (const [range, start, end] of [
        ['bytes=0-7', 0, 7],
        ['bytes=9-18', 9, 18],
        ['bytes=45-', 45, data.length - 1],
        ['bytes=-6', data.length - 6, data.length - 1],
        ['bytes=40-100000', 40, data.length - 1],
        ['bytes=-100000', 0, data.length - 1],
        ['bytes=3-3', 3, 3],
      ] as const) {
        const res = await get(range);
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${data.length}`);
        expect(res.headers['content-length'], range).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(data.subarray(start, end + 1)), range).toBe(true);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(String(res.headers['content-disposition']).startsWith('attachment;')).toBe(true);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      expect((await get('bytes=0-3', { 'if-range': etag })).statusCode).toBe(206);

      for (const range of [`bytes=${data.length}-`, `bytes=${data.length + 10}-${data.length + 20}`, 'bytes=-0']) {
        const res = await get(range);
        expect(res.statusCode, range).toBe(416);
        expect(res.headers['content-range'], range).toBe(`bytes */${data.length}`);
        expect(res.rawPayload.length).toBe(0);
      }

      // Several ranges, other units, nonsense, a reversed range or a stale If-Range: the whole file.
      for (const [range, extra] of [
        ['bytes=0-1,5-6', {}],
        ['items=0-1', {}],
        ['bytes=abc', {}],
        ['bytes=9-3', {}],
        ['bytes=-', {}],
        ['bytes=0-3', { 'if-range': '"f1-1"' }],
        ['bytes=0-3', { 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' }],
      ] as const) {
        const res = await get(range, extra);
        expect(res.statusCode, range).toBe(200);
        expect(res.rawPayload.equals(data), range).toBe(true);
      }
      // HEAD: the same headers, no bytes read or sent.
      const head = await uploader.request('HEAD', url);
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(data.length));
      expect(head.headers['accept-ranges']).toBe('bytes');
      expect(head.rawPayload.length).toBe(0);
      const headRange = await uploader.request('HEAD', url, { headers: { range: 'bytes=2-5' } });
      expect(headRange.statusCode).toBe(206);
      expect(headRange.headers['content-length']).toBe('4');
      // Out of reach stays out of reach, whatever the range.
      expect((await clientB.get(url, { headers: { range: 'bytes=0-3' } })).statusCode).toBe(404);
    });
  });
});

describe('an object store that stops answering', () => {
  let tdb: TestDatabase;
  let t: TestApp;
  let s3: LocalS3;
  let manager: Agent;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    s3 = await startLocalS3();
    t = await startTestApp({ db: tdb.db, storage: s3.storage() });
    manager = await t.signIn(await createEmployee(tdb.db, { permissions: ['projects.manage'] }));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await tdb.drop();
  });

  it('answers an upload 503 with Retry-After while the storage is down, keeping no row and no temporary file; a download is a 503, not a missing file', async () => {
    const body = (name: string) => {
      const boundary = '----down';
      return {
        body: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF\n\r\n--${boundary}--\r\n`,
        ),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const ok = await manager.request('POST', '/api/files', body('before.pdf'));
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().data[0].id;
    await s3.close();

    const count = async () => (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(files))[0]?.n;
    const before = await count();
    const failed = await manager.request('POST', '/api/files', body('after.pdf'));
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(failed.headers['retry-after']).toBe('5');
    expect(await count()).toBe(before);
    const tmp = `${t.config.dataDir}/tmp`;
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);

    const down = await manager.get(`/api/files/${id}`);
    expect(down.statusCode).toBe(503);
  }, 60_000);
});
