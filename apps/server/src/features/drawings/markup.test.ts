import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import type { Agent, TestApp } from '../../../test/helpers/app';
import { startTestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { drawingComments, notifications } from '../../db/schema';
import { createFileRow, createProjectRow } from '../projects/projects.fixtures';
import { createDrawingRow } from './drawings.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccount: number;
let viewer: Agent;
let clientA: Agent;
let clientAAccount: number;
let clientA2Account: number;
let clientB: Agent;
let clientBAccount: number;
let acting: Agent;
let anon: Agent;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
let responsible: { employeeId: number; accountId: number };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['projects.manage'], firstName: 'Mila' }, viewer: { permissions: ['projects.view'] } },
    companies: { companyA: { name: 'Nordic A' }, companyB: { name: 'Company B' } },
    clients: {
      clientA: { company: 'companyA', firstLogin: false },
      clientA2: { company: 'companyA', firstLogin: false },
      clientB: { company: 'companyB' },
    },
    acting: { acting: { permissions: ['companies.act-as-client'], firstName: 'Ahmed', company: 'companyA' } },
    anon: true,
  });
  ({ manager, viewer, clientA, clientB, acting, anon } = cast);
  ({ companyA, companyB } = cast.companies);
  managerAccount = cast.manager.fx.accountId;
  clientAAccount = cast.clientA.fx.accountId;
  clientA2Account = cast.clientA2.fx.accountId;
  clientBAccount = cast.clientB.fx.accountId;
  const r = await createEmployee(tdb.db, { firstName: 'Rik' });
  responsible = { employeeId: r.employeeId, accountId: r.accountId };
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

// ---- helpers

/** A drawing of company A (one version waiting, a PDF unless mime says otherwise) on a project of A. */
async function drawingOfA(o: { versions?: ('pending' | 'changes_requested')[]; mime?: string } = {}) {
  const p = await createProjectRow(tdb.db, { companyIds: [companyA.id] });
  const d = await createDrawingRow(tdb.db, {
    projectId: p.id,
    companyId: companyA.id,
    employeeId: responsible.employeeId,
    versions: o.versions ?? ['pending'],
    ...(o.mime ? { mime: o.mime } : {}),
  });
  return { projectId: p.id, ...d };
}

const staffUrl = (projectId: number, drawingId: number, versionId: number, rest = '') =>
  `/api/projects/${projectId}/drawings/${drawingId}/versions/${versionId}/comments${rest}`;
const clientUrl = (drawingId: number, versionId: number, rest = '') =>
  `/api/client/drawings/${drawingId}/versions/${versionId}/comments${rest}`;

const pin = { page: 1, x: 0.25, y: 0.5 };

async function rowsOf(drawingId: number) {
  return tdb.db.orm
    .select()
    .from(drawingComments)
    .where(eq(drawingComments.drawingId, drawingId))
    .orderBy(asc(drawingComments.id));
}
async function notificationsOf(accountIds: number[]) {
  return tdb.db.orm
    .select()
    .from(notifications)
    .where(and(inArray(notifications.accountId, accountIds), eq(notifications.kind, 'drawing.comment')))
    .orderBy(asc(notifications.id));
}
async function clearNotifications() {
  await tdb.db.orm.delete(notifications);
}

// ---- access

describe('markup routes: who may call them', () => {
  it('answers 401 anonymous, 403 without projects.manage and to the portal on staff routes, 404 for another company', async () => {
    const d = await drawingOfA();
    const v1 = d.versionIds[0] as number;
    const root = await manager.post(staffUrl(d.projectId, d.id, v1), { body: 'Hier', anchor: pin });
    expect(root.statusCode, root.body).toBe(201);
    const id = root.json().data.id as number;
    const staffRoutes = ['', `/${id}/replies`, `/${id}/resolve`, `/${id}/reopen`];
    const bodyOf = (rest: string) => (rest.endsWith('replies') || rest === '' ? { body: 'x' } : {});
    for (const rest of staffRoutes) {
      expect((await anon.post(staffUrl(d.projectId, d.id, v1, rest), bodyOf(rest))).statusCode, rest).toBe(401);
      expect((await viewer.post(staffUrl(d.projectId, d.id, v1, rest), bodyOf(rest))).statusCode, rest).toBe(403);
      expect((await clientA.post(staffUrl(d.projectId, d.id, v1, rest), bodyOf(rest))).statusCode, rest).toBe(403);
      expect((await anon.post(clientUrl(d.id, v1, rest), bodyOf(rest))).statusCode, rest).toBe(401);
      expect((await manager.post(clientUrl(d.id, v1, rest), bodyOf(rest))).statusCode, rest).toBe(403);
      // Another company's user: the drawing is not there (the body of a missing id).
      const foreign = await clientB.post(clientUrl(d.id, v1, rest), bodyOf(rest));
      expect(foreign.statusCode, rest).toBe(404);
      expect(foreign.json().code).toBe('DRAWING_NOT_FOUND');
      // Staff under another project: not found either.
      const other = await manager.post(staffUrl(d.projectId + 1000, d.id, v1, rest), bodyOf(rest));
      expect(other.statusCode, rest).toBe(404);
    }
    // A comment of another drawing under this one's address is not found.
    const e = await drawingOfA();
    const elsewhere = await clientA.post(clientUrl(e.id, e.versionIds[0] as number, `/${id}/replies`), { body: 'x' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('DRAWING_COMMENT_NOT_FOUND');
    expect(await rowsOf(d.id)).toHaveLength(1);
    expect(await rowsOf(e.id)).toHaveLength(0);
    void companyB;
  });

  it('refuses anchors outside the page, replies with an anchor and bad bodies (400) and stores nothing', async () => {
    const d = await drawingOfA();
    const v1 = d.versionIds[0] as number;
    const url = clientUrl(d.id, v1);
    const cases: [unknown, string, string][] = [
      [{ body: 'x', anchor: { page: 0, x: 0.1, y: 0.1 } }, 'anchor.page', 'too_small'],
      [{ body: 'x', anchor: { page: 1.5, x: 0.1, y: 0.1 } }, 'anchor.page', 'invalid_type'],
      [{ body: 'x', anchor: { page: 1, x: 1.2, y: 0.1 } }, 'anchor.x', 'too_big'],
      [{ body: 'x', anchor: { page: 1, x: 0.1, y: -0.1 } }, 'anchor.y', 'too_small'],
      [{ body: 'x', anchor: { page: 1, x: 0.8, y: 0.1, w: 0.3, h: 0.1 } }, 'anchor.w', 'outside_page'],
      [{ body: 'x', anchor: { page: 1, x: 0.1, y: 0.8, w: 0.3, h: 0.3 } }, 'anchor.h', 'outside_page'],
      [{ body: 'x', anchor: { page: 1, x: 0.1, y: 0.1, w: 0.3 } }, 'anchor.h', 'required'],
      [{ body: 'x', anchor: { page: 1, x: 0.1, y: 0.1, w: 0, h: 0.2 } }, 'anchor.w', 'too_small'],
      [{ body: 'x', anchor: { page: 1, x: 0.1, y: 0.1, z: 1 } }, 'anchor.z', 'unknown_field'],
      [{ body: '', anchor: pin }, 'body', 'required'],
    ];
    for (const [body, field, code] of cases) {
      const res = await clientA.post(url, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, `${JSON.stringify(body)}: ${res.body}`).toBe(code);
    }
    // An image has one page.
    const img = await drawingOfA({ mime: 'image/png' });
    const page2 = await clientA.post(clientUrl(img.id, img.versionIds[0] as number), { body: 'x', anchor: { ...pin, page: 2 } });
    expect(page2.statusCode).toBe(400);
    expect(page2.json().fieldErrors).toEqual({ 'anchor.page': { code: 'too_big', params: { max: 1 } } });
    // A file without a preview (a ZIP) takes no markup.
    const zip = await drawingOfA({ mime: 'application/zip' });
    const onZip = await clientA.post(clientUrl(zip.id, zip.versionIds[0] as number), { body: 'x', anchor: pin });
    expect(onZip.statusCode).toBe(400);
    expect(onZip.json().fieldErrors).toEqual({ anchor: { code: 'not_allowed' } });
    // A reply never has an anchor of its own.
    const root = await clientA.post(url, { body: 'Hier', anchor: pin });
    const id = root.json().data.id as number;
    const withAnchor = await manager.post(staffUrl(d.projectId, d.id, v1, `/${id}/replies`), { body: 'x', anchor: pin });
    expect(withAnchor.statusCode).toBe(400);
    expect(withAnchor.json().fieldErrors?.anchor?.code).toBe('unknown_field');
    expect((await rowsOf(d.id)).length).toBe(1);
    expect(await rowsOf(img.id)).toEqual([]);
    expect(await rowsOf(zip.id)).toEqual([]);
    // Resolve takes no fields.
    expect((await clientA.post(clientUrl(d.id, v1, `/${id}/resolve`), { now: true })).statusCode).toBe(400);
  });
});

// ---- the flow

describe('markup threads', () => {
  it('places a pin and a rectangle, replies (a reply to a reply joins the root), tells the thread’s other side', async () => {
    const d = await drawingOfA();
    const v1 = d.versionIds[0] as number;
    await clearNotifications();
    const pinRes = await manager.post(staffUrl(d.projectId, d.id, v1), { body: 'Deze wand 5 cm naar links', anchor: pin });
    expect(pinRes.statusCode, pinRes.body).toBe(201);
    const pinId = pinRes.json().data.id as number;
    const rect = await clientA.post(clientUrl(d.id, v1), {
      body: 'Kleur van dit paneel?',
      anchor: { page: 2, x: 0.5, y: 0.5, w: 0.5, h: 0.25 },
    });
    expect(rect.statusCode, rect.body).toBe(201);
    // The client replies to the staff pin: the staff author is told (not the responsible employee).
    await clearNotifications();
    const reply = await clientA.post(clientUrl(d.id, v1, `/${pinId}/replies`), { body: 'Akkoord, graag' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data).toMatchObject({
      id: pinId,
      anchor: { page: 1, x: 0.25, y: 0.5, w: null, h: null },
      replies: [{ body: 'Akkoord, graag', side: 'client' }],
      carriedOver: false,
      abilities: { canReply: true, canResolve: true, canReopen: false },
    });
    const told = await notificationsOf([managerAccount, responsible.accountId, clientAAccount, clientA2Account]);
    expect(told.map((n) => n.accountId)).toEqual([managerAccount]);
    expect(told[0]).toMatchObject({
      data: { body: 'Akkoord, graag', versionNumber: 1 },
      link: `/projects/${d.projectId}/drawings/${d.id}/versions/${v1}`,
    });
    // Staff answer the reply: it joins the root; the client who wrote is told, not the other user.
    await clearNotifications();
    const replyId = reply.json().data.replies[0].id as number;
    const again = await manager.post(staffUrl(d.projectId, d.id, v1, `/${replyId}/replies`), { body: 'Komt goed' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.replies.map((r: { body: string }) => r.body)).toEqual(['Akkoord, graag', 'Komt goed']);
    expect((await notificationsOf([clientAAccount, clientA2Account, managerAccount])).map((n) => n.accountId)).toEqual([
      clientAAccount,
    ]);
    const rows = await rowsOf(d.id);
    expect(rows.filter((r) => r.parentId === pinId)).toHaveLength(2);
    // The version answers its threads with replies oldest first, the same for both sides.
    for (const who of [clientA, manager]) {
      const url =
        who === manager
          ? `/api/projects/${d.projectId}/drawings/${d.id}/versions/${v1}`
          : `/api/client/drawings/${d.id}/versions/${v1}`;
      const v = (await who.get(url)).json().data;
      expect(v.threads.map((x: { body: string }) => x.body)).toEqual(['Deze wand 5 cm naar links', 'Kleur van dit paneel?']);
      expect(v.threads[0].replies).toHaveLength(2);
      expect(v.threads[1]).toMatchObject({ side: 'client', anchor: { page: 2, x: 0.5, y: 0.5, w: 0.5, h: 0.25 } });
      expect(v.comments).toHaveLength(4);
    }
    // An employee acting as the company replies as the company.
    const asCompany = await acting.post(clientUrl(d.id, v1, `/${pinId}/replies`), { body: 'Namens de klant' });
    expect(asCompany.json().data.replies[2]).toMatchObject({ side: 'client', author: 'Nordic A' });
  });

  it('takes attachments on a reply from either side, shown with the reply and downloaded by both sides only', async () => {
    const d = await drawingOfA();
    const v1 = d.versionIds[0] as number;
    const root = (await clientA.post(clientUrl(d.id, v1), { body: 'Welke maten?', anchor: pin })).json().data.id as number;
    const upload = async (accountId: number, name: string) =>
      (await createFileRow(tdb.db, { storage: t.app.platform.storage, createdBy: accountId, name })).id;
    const staffFile = await upload(managerAccount, 'maten.pdf');
    const staffReply = await manager.post(staffUrl(d.projectId, d.id, v1, `/${root}/replies`), {
      body: 'Zie bijlage',
      fileIds: [staffFile],
    });
    expect(staffReply.statusCode, staffReply.body).toBe(201);
    expect(staffReply.json().data.replies[0].files).toEqual([
      expect.objectContaining({ id: staffFile, originalName: 'maten.pdf', url: `/api/files/${staffFile}` }),
    ]);
    const clientFile = await upload(clientAAccount, 'foto.pdf');
    const clientReply = await clientA.post(clientUrl(d.id, v1, `/${root}/replies`), { body: 'Zo?', fileIds: [clientFile] });
    expect(clientReply.statusCode, clientReply.body).toBe(201);
    // Another company's upload, or a file of a record the caller cannot see, is not attachable.
    const foreign = await upload(clientBAccount, 'ander.pdf');
    const refused = await clientA.post(clientUrl(d.id, v1, `/${root}/replies`), { body: 'X', fileIds: [foreign] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ fileIds: { code: 'not_found' } });
    // Both sides see both files on the thread and download them; another company gets a 404.
    const v = (await clientA.get(`/api/client/drawings/${d.id}/versions/${v1}`)).json().data;
    const thread = v.threads.find((x: { id: number }) => x.id === root);
    expect(thread.replies.map((r: { files: { id: number }[] }) => r.files.map((f) => f.id))).toEqual([[staffFile], [clientFile]]);
    for (const id of [staffFile, clientFile]) {
      expect((await clientA.get(`/api/files/${id}`)).statusCode).toBe(200);
      expect((await manager.get(`/api/files/${id}`)).statusCode).toBe(200);
      expect((await clientB.get(`/api/files/${id}`)).statusCode).toBe(404);
    }
  });

  it('resolves and reopens once (409 when already so), with who did it; two at once give one outcome', async () => {
    const d = await drawingOfA();
    const v1 = d.versionIds[0] as number;
    const id = (await clientA.post(clientUrl(d.id, v1), { body: 'Hier', anchor: pin })).json().data.id as number;
    const resolved = await manager.post(staffUrl(d.projectId, d.id, v1, `/${id}/resolve`), {});
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      resolvedBy: expect.stringContaining('Mila'),
      abilities: { canResolve: false, canReopen: true, reasons: { canResolve: 'DRAWING_THREAD_RESOLVED' } },
    });
    expect((await rowsOf(d.id))[0]).toMatchObject({ resolvedBy: managerAccount });
    const twice = await clientA.post(clientUrl(d.id, v1, `/${id}/resolve`));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DRAWING_THREAD_RESOLVED');
    const reopened = await clientA.post(clientUrl(d.id, v1, `/${id}/reopen`));
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ resolvedAt: null, resolvedBy: null });
    expect((await rowsOf(d.id))[0]).toMatchObject({ resolvedAt: null, resolvedBy: null });
    expect((await clientA.post(clientUrl(d.id, v1, `/${id}/reopen`), {})).json().code).toBe('DRAWING_THREAD_OPEN');
    // Two at once: exactly one resolves it.
    const race = await Promise.all([
      manager.post(staffUrl(d.projectId, d.id, v1, `/${id}/resolve`), {}),
      clientA.post(clientUrl(d.id, v1, `/${id}/resolve`), {}),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = (await rowsOf(d.id))[0];
    const winner = race[0]?.statusCode === 200 ? managerAccount : clientAAccount;
    expect(row?.resolvedBy).toBe(winner);
  });

  it('carries open threads of earlier versions to the next one until resolved; resolving there resolves it everywhere', async () => {
    const d = await drawingOfA({ versions: ['changes_requested'] });
    const v1 = d.versionIds[0] as number;
    const open = (await clientA.post(clientUrl(d.id, v1), { body: 'Open punt', anchor: pin })).json().data.id as number;
    const done = (await clientA.post(clientUrl(d.id, v1), { body: 'Al opgelost', anchor: { ...pin, x: 0.9 } })).json().data
      .id as number;
    await clientA.post(clientUrl(d.id, v1), { body: 'Algemene opmerking' });
    await manager.post(staffUrl(d.projectId, d.id, v1, `/${done}/resolve`), {});
    t.clock.advance(60_000);
    const file = await createFileRow(tdb.db, { createdBy: managerAccount });
    const v2res = await manager.post(`/api/projects/${d.projectId}/drawings/${d.id}/versions`, { fileId: file.id });
    expect(v2res.statusCode, v2res.body).toBe(201);
    const v2 = v2res.json().data;
    // The new version shows only the open anchored thread, carried over from v1.
    expect(v2.threads).toHaveLength(1);
    expect(v2.threads[0]).toMatchObject({ id: open, carriedOver: true, versionNumber: 1, versionId: v1 });
    expect(v2.comments).toEqual([]);
    // Replied and resolved on v2: the one row changes; v1 shows it resolved too.
    t.clock.advance(60_000);
    const reply = await manager.post(staffUrl(d.projectId, d.id, v2.id, `/${open}/replies`), { body: 'Aangepast in v2' });
    expect(reply.statusCode, reply.body).toBe(201);
    const res = await clientA.post(clientUrl(d.id, v2.id, `/${open}/resolve`), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ carriedOver: true, resolvedBy: expect.any(String) });
    const onV1 = (await clientA.get(`/api/client/drawings/${d.id}/versions/${v1}`)).json().data;
    expect(onV1.threads.find((x: { id: number }) => x.id === open)).toMatchObject({ resolvedAt: expect.any(String) });
    // v2 still shows it (resolved while v2 was there), now resolved, with the reply.
    const onV2 = (await clientA.get(`/api/client/drawings/${d.id}/versions/${v2.id}`)).json().data;
    expect(onV2.threads).toHaveLength(1);
    expect(onV2.threads[0]).toMatchObject({ id: open, resolvedAt: expect.any(String), replies: [{ body: 'Aangepast in v2' }] });
    // A thread of a later version is not found on an earlier one.
    const later = (await clientA.post(clientUrl(d.id, v2.id), { body: 'Nieuw', anchor: pin })).json().data.id as number;
    const fromV1 = await clientA.post(clientUrl(d.id, v1, `/${later}/resolve`), {});
    expect(fromV1.statusCode).toBe(404);
    expect(fromV1.json().code).toBe('DRAWING_COMMENT_NOT_FOUND');
  });
});
