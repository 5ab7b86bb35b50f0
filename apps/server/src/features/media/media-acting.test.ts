import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { companyPosts, companyProjectAreas, projectCompanies, projects } from '../../db/schema';
import { verifyViewToken, viewToken } from '../../platform/view-link';
import { createAreaRow, createFileRow, createProjectRow, createTaskRow } from '../projects/projects.fixtures';

/**
 * An employee acting as a company reaches images and files exactly as the
 * company does, through the Acting-As header (API calls) and through the signed `view` parameter
 * that the acting view's answers put on every image and file address (<img>, download links).
 */
let tdb: TestDatabase;
let t: TestApp;
let acting: Agent;
let otherActing: Agent;
let client: Agent;
let postMedia: number;
let staffMedia: number;
let visibleFile: number;
let hiddenFile: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const rights = ['companies.act-as-client', 'companies.manage', 'projects.manage'] as const;
  const cast = await castOf(t, {
    companies: { seen: { name: 'Seen Co' }, other: { name: 'Other Co' } },
    clients: { client: { company: 'seen' } },
    acting: { acting: { permissions: [...rights], company: 'seen' }, otherActing: { permissions: [...rights], company: 'seen' } },
  });
  ({ acting, otherActing, client } = cast);
  const { seen, other } = cast.companies;

  // Both images are the acting employee's own uploads, made as staff (before acting).
  const upload = async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const boundary = '----acting';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    acting.actingAs = null;
    const res = await acting.request('POST', '/api/media', {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data[0].id as number;
  };
  postMedia = await upload();
  staffMedia = await upload();
  acting.actingAs = seen.id;

  // The company's published news shows postMedia; staffMedia is another company's project image.
  await tdb.db.orm.insert(companyPosts).values({
    companyId: seen.id,
    title: 'Nieuws',
    status: 'published',
    publishAt: new Date(t.clock().getTime() - 60_000),
    imageMediaId: postMedia,
  });
  const otherProject = await createProjectRow(tdb.db, { companyIds: [other.id] });
  await tdb.db.orm.update(projects).set({ featuredMediaId: staffMedia }).where(eq(projects.id, otherProject.id));

  // A project of the company narrowed to one deck: a task file on that deck, one on a hidden deck.
  const p = await createProjectRow(tdb.db, { companyIds: [seen.id] });
  const shownDeck = await createAreaRow(tdb.db, p.id, { kind: 'deck' });
  const hiddenDeck = await createAreaRow(tdb.db, p.id, { kind: 'deck' });
  await tdb.db.orm.update(projectCompanies).set({ allAreas: false }).where(eq(projectCompanies.projectId, p.id));
  await tdb.db.orm.insert(companyProjectAreas).values({ projectId: p.id, companyId: seen.id, areaId: shownDeck.id });
  const shownTask = await createTaskRow(tdb.db, p.id, (await createAreaRow(tdb.db, p.id, { parentId: shownDeck.id })).id);
  const hiddenTask = await createTaskRow(tdb.db, p.id, (await createAreaRow(tdb.db, p.id, { parentId: hiddenDeck.id })).id);
  visibleFile = (await createFileRow(tdb.db, { storage: t.app.platform.storage, taskId: shownTask.id })).id;
  hiddenFile = (await createFileRow(tdb.db, { storage: t.app.platform.storage, taskId: hiddenTask.id })).id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** The acting view's address of the news image, as the portal's news page gets it. */
async function postImageUrl(a: Agent): Promise<string> {
  const res = await a.get('/api/client/posts');
  expect(res.statusCode).toBe(200);
  const url = res.json().data[0].image.thumbUrl as string;
  return url;
}

/** An image or file request as the browser makes it for <img> or a link: cookies, no Acting-As. */
async function plain(a: Agent, url: string) {
  const saved = a.actingAs;
  a.actingAs = null;
  try {
    return await a.get(url);
  } finally {
    a.actingAs = saved;
  }
}

describe('images and files while acting as a company', () => {
  it('through Acting-As: the company scope, not the staff uploads of the acting employee', async () => {
    expect((await acting.get(`/api/media/${postMedia}/thumb`)).statusCode).toBe(200);
    expect((await acting.get(`/api/media/${staffMedia}/thumb`)).statusCode).toBe(404);
    expect((await acting.get(`/api/files/${visibleFile}`)).statusCode).toBe(200);
    expect((await acting.get(`/api/files/${hiddenFile}`)).statusCode).toBe(404);
    // The company's own user sees the same.
    expect((await client.get(`/api/media/${postMedia}/thumb`)).statusCode).toBe(200);
    expect((await client.get(`/api/media/${staffMedia}/thumb`)).statusCode).toBe(404);
    expect((await client.get(`/api/files/${visibleFile}`)).statusCode).toBe(200);
    expect((await client.get(`/api/files/${hiddenFile}`)).statusCode).toBe(404);
  });

  it("puts the signed view on the acting view's image addresses; opened without Acting-As they keep the company scope", async () => {
    const url = await postImageUrl(acting);
    expect(url).toMatch(new RegExp(`^/api/media/${postMedia}/thumb\\?view=\\d+\\.\\d+\\.[\\w-]{22}$`));
    const view = url.split('?view=')[1];
    expect((await plain(acting, url)).statusCode).toBe(200);
    // The same view on another address: the company's scope decides, whatever the employee may see as staff.
    expect((await plain(acting, `/api/media/${staffMedia}/large?view=${view}`)).statusCode).toBe(404);
    expect((await plain(acting, `/api/files/${visibleFile}?view=${view}`)).statusCode).toBe(200);
    expect((await plain(acting, `/api/files/${hiddenFile}?view=${view}`)).statusCode).toBe(404);
    // Without the view the employee is staff again (their own reach, outside the acting view).
    expect((await plain(acting, `/api/media/${staffMedia}/large`)).statusCode).toBe(200);
    // The company's own user and staff who are not acting get addresses without a view.
    expect(await postImageUrl(client)).toBe(`/api/media/${postMedia}/thumb`);
  });

  it('refuses a view of another session, a changed one and an expired one', async () => {
    const url = await postImageUrl(acting);
    const view = url.split('?view=')[1] as string;
    // Another employee acting as the same company cannot use it (the key is the session's).
    expect((await plain(otherActing, url)).statusCode).toBe(403);
    const [company, expires, sig] = view.split('.') as [string, string, string];
    const tampered = `${company}.${Number(expires) + 3600}.${sig}`;
    expect((await plain(acting, `/api/media/${postMedia}/thumb?view=${tampered}`)).statusCode).toBe(403);
    expect((await plain(acting, `/api/media/${postMedia}/thumb?view=junk`)).statusCode).toBe(403);
    expect((await plain(acting, `/api/media/${postMedia}/thumb?view=${view}&x=1`)).statusCode).toBe(400);
    // A signed-out browser gets no company view from it either.
    expect((await t.agent().get(url)).statusCode).toBe(403);
    // It expires: VIEW_LINK_HOURS after it was made, rounded up to the hour.
    const key = 'session-key';
    const made = new Date('2026-11-29T10:20:00Z');
    const token = viewToken(key, 7, made);
    expect(verifyViewToken(token, key, 7, new Date('2026-11-29T22:59:59Z'))).toBe(true);
    expect(verifyViewToken(token, key, 7, new Date('2026-11-29T23:00:01Z'))).toBe(false);
    expect(verifyViewToken(token, key, 8, made)).toBe(false);
    expect(verifyViewToken(token, 'another-key', 7, made)).toBe(false);
  });
});
