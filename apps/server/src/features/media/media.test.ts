import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';

let tdb: TestDatabase;
let t: TestApp;
let editor: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const emp = await createEmployee(tdb.db, { permissions: ['products.manage'] });
  editor = t.agent();
  await editor.login(emp.email, emp.password);
});
afterAll(async () => {
  await t.close();
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

  it('keeps only a clean file name: no path, control or direction-override characters; UTF-8 survives (F5)', async () => {
    const res = await upload(editor, [
      { name: '../../Str\u00f6m e\u202egnp\u0007.png', type: 'image/png', data: await png(20, 20) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].originalName).toBe('Str\u00f6m egnp.png');
  });
});
