import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { type LocalS3, readStored, startLocalS3 } from '../../../test/helpers/storage';
import { media } from '../../db/schema';

/** Every test runs on local disk and on S3-compatible storage (s3rver started by the test). */
describe.each(['disk', 's3'] as const)('media on %s storage', (storageKind) => {
  let tdb: TestDatabase;
  let t: TestApp;
  let editor: Agent;

  let s3: LocalS3 | null = null;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    s3 = storageKind === 's3' ? await startLocalS3() : null;
    t = await startTestApp({ db: tdb.db, ...(s3 ? { storage: s3.storage() } : {}) });
    const emp = await createEmployee(tdb.db, { permissions: ['products.manage'] });
    editor = t.agent();
    await editor.login(emp.email, emp.password);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
    await tdb.drop();
  });

  const png = (w = 1200, h = 800) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();

  /** A multipart body with the given files, as a browser's FormData would send it. */
  function multipart(files: { name: string; type: string; data: Buffer }[]) {
    const boundary = `----test${Date.now()}`;
    const chunks: Buffer[] = [];
    for (const f of files) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
          'utf8',
        ),
        f.data,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  async function upload(a: Agent, files: { name: string; type: string; data: Buffer }[]) {
    const m = multipart(files);
    return a.request('POST', '/api/media', { body: m.body, headers: { 'content-type': m.contentType } });
  }

  describe('POST /api/media (F1-F7)', () => {
    it('stores an image with its thumbnail and large version, and serves them to staff', async () => {
      const res = await upload(editor, [{ name: 'Stoel ontwerp.png', type: 'image/png', data: await png() }]);
      expect(res.statusCode).toBe(201);
      const [m] = res.json().data;
      expect(m).toMatchObject({ originalName: 'Stoel ontwerp.png', mime: 'image/png', width: 1200, height: 800 });
      const thumb = await editor.get(m.thumbUrl);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
      expect(thumb.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(thumb.headers['cache-control']).toBe('private, no-store');
      expect(String(thumb.headers['content-disposition'])).toContain("filename*=UTF-8''Stoel%20ontwerp-thumb.webp");
    });

    it('refuses HTML or SVG disguised as an image, and a mismatched extension, with 415 (F3, F7)', async () => {
      const cases = [
        { name: 'x.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
        {
          name: 'x.png',
          type: 'image/svg+xml',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
        { name: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
        { name: 'photo.jpg', type: 'image/jpeg', data: await png(10, 10) },
        { name: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') },
      ];
      for (const c of cases) {
        const res = await upload(editor, [c]);
        expect(res.statusCode, c.name).toBe(415);
        expect(res.json().code).toBe('MEDIA_TYPE_NOT_ALLOWED');
      }
    });

    it('answers 413 to a file over 15 MB and 401/403/419 to the wrong callers', async () => {
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(15 * 1024 * 1024 + 10)]);
      expect((await upload(editor, [{ name: 'big.png', type: 'image/png', data: big }])).statusCode).toBe(413);
      const anon = t.agent();
      await anon.csrf();
      expect((await upload(anon, [{ name: 'a.png', type: 'image/png', data: await png(10, 10) }])).statusCode).toBe(401);
      const viewer = t.agent();
      const v = await createEmployee(tdb.db, { permissions: ['projects.view'] });
      await viewer.login(v.email, v.password);
      expect((await upload(viewer, [{ name: 'a.png', type: 'image/png', data: await png(10, 10) }])).statusCode).toBe(403);
      const m = multipart([{ name: 'a.png', type: 'image/png', data: await png(10, 10) }]);
      const noToken = await editor.request('POST', '/api/media', {
        body: m.body,
        headers: { 'content-type': m.contentType },
        csrf: false,
      });
      expect(noToken.statusCode).toBe(419);
    });

    it('keeps an unpublished image from anyone but staff: anonymous and customers get 404 (Z5)', async () => {
      const res = await upload(editor, [{ name: 'p.png', type: 'image/png', data: await png(50, 50) }]);
      const url = res.json().data[0].thumbUrl;
      expect((await t.agent().get(url)).statusCode).toBe(404);
      const company = await createCompany(tdb.db);
      const client = await createClient(tdb.db, company.id);
      const c = t.agent();
      await c.login(client.email, client.password);
      expect((await c.get(url)).statusCode).toBe(404);
      expect((await editor.get('/api/media/999999/thumb')).statusCode).toBe(404);
      expect((await editor.get('/api/media/1/huge')).statusCode).toBe(400);
    });

    it('lets the portal view upload an image (a new product thumbnail): it reads its own back, another company does not', async () => {
      const companyA = await createCompany(tdb.db);
      const companyB = await createCompany(tdb.db);
      const clientAFx = await createClient(tdb.db, companyA.id);
      const clientA = await t.signIn(clientAFx);
      const clientB = await t.signIn(await createClient(tdb.db, companyB.id));
      const actingFx = await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] });
      const actingAsA = await t.signIn(actingFx);
      actingAsA.actingAs = companyA.id;

      const res = await upload(clientA, [{ name: 'Nieuwe stoel.png', type: 'image/png', data: await png(600, 400) }]);
      expect(res.statusCode, res.body).toBe(201);
      const [m] = res.json().data;
      expect(m).toMatchObject({ originalName: 'Nieuwe stoel.png', width: 600, height: 400 });
      const [row] = await tdb.db.orm.select().from(media).where(eq(media.id, m.id));
      expect(row?.createdBy).toBe(clientAFx.accountId);
      // All three variants are in the storage.
      expect((await sharp(await readStored(t.app.platform.storage, `${row?.storageKey}.thumb.webp`)).metadata()).width).toBe(400);
      for (const url of [m.thumbUrl, m.largeUrl, m.url]) {
        const own = await clientA.get(url);
        expect(own.statusCode, url).toBe(200);
        expect(own.headers['cache-control']).toBe('private, no-store');
        expect((await clientB.get(url)).statusCode, url).toBe(404);
        expect((await t.agent().get(url)).statusCode, url).toBe(404);
      }
      // An employee acting as the company uploads as themselves: their own upload, not the company user's.
      const acting = await upload(actingAsA, [{ name: 'b.png', type: 'image/png', data: await png(20, 20) }]);
      expect(acting.statusCode, acting.body).toBe(201);
      const [actingRow] = await tdb.db.orm.select().from(media).where(eq(media.id, acting.json().data[0].id));
      expect(actingRow?.createdBy).toBe(actingFx.accountId);
      expect((await actingAsA.get(acting.json().data[0].thumbUrl)).statusCode).toBe(200);
      // Another company's user, given the address without the acting view's `view` (which is the acting session's only).
      const bare = (acting.json().data[0].thumbUrl as string).split('?')[0] as string;
      expect((await clientB.get(bare)).statusCode).toBe(404);
      expect((await clientB.get(acting.json().data[0].thumbUrl)).statusCode).toBe(403);
      // The same limits as staff: types and size.
      const svg = await upload(clientB, [
        { name: 'x.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      ]);
      expect(svg.statusCode).toBe(415);
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(15 * 1024 * 1024 + 10)]);
      expect((await upload(clientB, [{ name: 'big.png', type: 'image/png', data: big }])).statusCode).toBe(413);
    });

    it('keeps only a clean file name: no path, control or direction-override characters; UTF-8 survives (F5)', async () => {
      const res = await upload(editor, [
        { name: '../../Str\u00f6m e\u202egnp\u0007.png', type: 'image/png', data: await png(20, 20) },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().data[0].originalName).toBe('Str\u00f6m egnp.png');
    });
  });

  describe('POST /api/media: each file on its own (F1, F3)', () => {
    const mediaCount = async () => (await tdb.db.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM media'))[0]?.n ?? 0;
    const raw = (body: string, boundary = 'XyZ') =>
      editor.request('POST', '/api/media', {
        body: Buffer.from(body),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });

    it('answers 400 VALIDATION_FAILED naming the file field when no file is sent', async () => {
      const before = await mediaCount();
      for (const res of [
        await raw('--XyZ--\r\n'),
        await raw('--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--XyZ--\r\n'),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json();
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.message).not.toBe('VALIDATION_FAILED');
        expect(body.fieldErrors.file.code).toBe('required');
      }
      expect(await mediaCount()).toBe(before);
    });

    it('answers 400 with too_many_files and stores none of them when 11 files are sent', async () => {
      const before = await mediaCount();
      const small = await png(8, 8);
      const files = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, type: 'image/png', data: small }));
      const res = await upload(editor, files);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { file: { code: 'too_many_files', params: { max: 10 } } },
      });
      expect(await mediaCount()).toBe(before);
      // Ten is the limit, not over it.
      expect((await upload(editor, files.slice(0, 10))).statusCode).toBe(201);
    });

    it('stores the valid images of a mixed upload and names each refused file with its reason', async () => {
      const before = await mediaCount();
      const res = await upload(editor, [
        { name: 'goed.png', type: 'image/png', data: await png(30, 20) },
        { name: 'notities.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') },
        { name: 'nep.png', type: 'image/png', data: Buffer.from('<html></html>') },
        { name: 'ook-goed.png', type: 'image/png', data: await png(20, 20) },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.data.map((m: { originalName: string }) => m.originalName)).toEqual(['goed.png', 'ook-goed.png']);
      expect(body.rejected).toEqual([
        { name: 'notities.pdf', code: 'type_not_allowed' },
        { name: 'nep.png', code: 'type_not_allowed' },
      ]);
      expect(await mediaCount()).toBe(before + 2);
      const clean = await upload(editor, [{ name: 'los.png', type: 'image/png', data: await png(10, 10) }]);
      expect(clean.json().rejected).toEqual([]);
    });

    it('answers 415 naming every file when none is an accepted image, and 413 naming the file when it is too large', async () => {
      const res = await upload(editor, [
        { name: 'a.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
        { name: 'b.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'MEDIA_TYPE_NOT_ALLOWED',
        details: {
          rejected: [
            { name: 'a.svg', code: 'type_not_allowed' },
            { name: 'b.pdf', code: 'type_not_allowed' },
          ],
        },
      });
      expect(res.json().message).not.toBe('MEDIA_TYPE_NOT_ALLOWED');

      const big = Buffer.concat([await png(10, 10), Buffer.alloc(15 * 1024 * 1024 + 10)]);
      const tooBig = await upload(editor, [{ name: 'groot.png', type: 'image/png', data: big }]);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().details.rejected).toEqual([{ name: 'groot.png', code: 'too_large' }]);
      // Next to a good one, the large file is named and the good one is stored.
      const mixed = await upload(editor, [
        { name: 'groot.png', type: 'image/png', data: big },
        { name: 'klein.png', type: 'image/png', data: await png(10, 10) },
      ]);
      expect(mixed.statusCode).toBe(201);
      expect(mixed.json().data.map((m: { originalName: string }) => m.originalName)).toEqual(['klein.png']);
      expect(mixed.json().rejected).toEqual([{ name: 'groot.png', code: 'too_large' }]);
    });

    it('cleans odd file names but refuses a file whose name holds a NUL byte (F5, I10)', async () => {
      const res = await upload(editor, [
        { name: 'a\u0000b.png', type: 'image/png', data: await png(10, 10) },
        { name: 'tab\there \u00e9\u202e.png', type: 'image/png', data: await png(10, 10) },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.map((m: { originalName: string }) => m.originalName)).toEqual(['tabhere \u00e9.png']);
      expect(res.json().rejected).toEqual([{ name: 'ab.png', code: 'invalid_character' }]);
    });
  });
});
