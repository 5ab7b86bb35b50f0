import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { companyPosts, notifications } from '../../db/schema';
import { notifyDuePosts } from '../companies/company-posts.service';
import { notify } from './notifications.service';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let first: Agent;
let second: Agent;
let stranger: Agent;
let acting: Agent;
let actingAccountId: number;
let companyId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['companies.manage'] } },
    companies: { company: { name: 'Told Co' }, other: {} },
    clients: { first: { company: 'company' }, second: { company: 'company' }, stranger: { company: 'other' } },
    acting: { acting: { permissions: ['companies.act-as-client', 'companies.manage'], company: 'company' } },
  });
  ({ manager, first, second, stranger, acting } = cast);
  actingAccountId = cast.acting.fx.accountId;
  companyId = cast.companies.company.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('notifications', () => {
  it('tells every user of the company about a post at once when published now, and a scheduled one when its time comes; each reads and marks their own', async () => {
    const now = new Date('2026-11-21T09:00:00Z');
    const post = (
      await manager.post(`/api/companies/${companyId}/posts`, {
        title: 'Dek 5 klaar',
        body: '<p>Klaar.</p>',
        status: 'published',
      })
    ).json().data;
    const later = (
      await manager.post(`/api/companies/${companyId}/posts`, {
        title: 'Later',
        body: '<p>x</p>',
        status: 'published',
        publishAt: '2026-11-22T09:00:00Z',
      })
    ).json().data;
    // The post published now was told when it was saved; the job has nothing left to tell.
    expect(await notifyDuePosts(tdb.db.orm, now)).toBe(0);
    const mine = (await first.get('/api/notifications')).json();
    expect(mine.meta).toMatchObject({ total: 1, unread: 1 });
    expect(mine.data[0]).toMatchObject({
      kind: 'post.published',
      data: { postId: post.id, title: 'Dek 5 klaar' },
      link: `/news/${post.id}`,
      read: false,
    });
    expect((await stranger.get('/api/notifications')).json().meta.total).toBe(0);
    // Someone else's notification is not found for them.
    expect((await stranger.post(`/api/notifications/${mine.data[0].id}/read`, {})).statusCode).toBe(404);
    expect((await first.post(`/api/notifications/${mine.data[0].id}/read`, {})).statusCode).toBe(204);
    expect((await first.get('/api/notifications?unread=true')).json()).toMatchObject({ data: [], meta: { total: 0, unread: 0 } });
    expect((await second.get('/api/notifications')).json().meta.unread).toBe(1);
    // The scheduled post is told when its time comes.
    expect(await notifyDuePosts(tdb.db.orm, new Date('2026-11-22T09:00:00Z'))).toBe(1);
    expect((await second.get('/api/notifications')).json().meta).toMatchObject({ total: 2, unread: 2 });
    expect((await second.post('/api/notifications/read-all', {})).statusCode).toBe(204);
    expect((await second.get('/api/notifications')).json().meta.unread).toBe(0);
    const [row] = await tdb.db.orm.select().from(companyPosts).where(eq(companyPosts.id, later.id));
    expect(row?.notifiedAt).not.toBeNull();
    expect(await tdb.db.orm.select().from(notifications).where(eq(notifications.kind, 'post.published'))).toHaveLength(4);
  });

  it('shows an employee acting as a company none of their own notifications, as the company sees it', async () => {
    // A staff notification of the acting employee's own, naming another company.
    await notify(
      tdb.db.orm,
      [actingAccountId],
      { kind: 'request.received', data: { title: 'Lamp', company: 'Elders BV' }, link: '/requests/9' },
      t.clock(),
    );
    acting.actingAs = null;
    const staffView = (await acting.get('/api/notifications')).json();
    expect(staffView.meta).toMatchObject({ total: 1, unread: 1 });
    const mineId = staffView.data[0].id;

    acting.actingAs = companyId;
    const portalView = await acting.get('/api/notifications');
    expect(portalView.statusCode).toBe(200);
    expect(portalView.json()).toMatchObject({ data: [], meta: { total: 0, unread: 0 } });
    expect((await acting.post(`/api/notifications/${mineId}/read`, {})).statusCode).toBe(404);
    expect((await acting.post('/api/notifications/read-all', {})).statusCode).toBe(204);
    // Nothing of the employee's own was touched.
    acting.actingAs = null;
    expect((await acting.get('/api/notifications')).json().meta.unread).toBe(1);
    acting.actingAs = companyId;
  });

  it('answers 401 to nobody signed in and 400 for a bad id or page', async () => {
    const anon = t.agent();
    await anon.csrf();
    expect((await anon.get('/api/notifications')).statusCode).toBe(401);
    expect((await first.post('/api/notifications/x/read', {})).statusCode).toBe(400);
    expect((await first.get('/api/notifications?page=0')).statusCode).toBe(400);
    expect((await first.get('/api/notifications?unread=yes')).statusCode).toBe(400);
  });
});
