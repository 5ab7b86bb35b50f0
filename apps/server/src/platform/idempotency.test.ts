import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeFixture } from '../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../test/helpers/app';
import { castOf } from '../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { bookedHours, declarations, files, idempotencyKeys, overnightStays } from '../db/schema';
import { createCategoryRow, createPaymentTypeRow } from '../features/declarations/declarations.fixtures';
import { setHourLock } from '../features/hours/hours.fixtures';
import { createProjectRow } from '../features/projects/projects.fixtures';
import { ABANDONED_AFTER_MS, KEEP_ANSWERS_MS } from './idempotency';

// Idempotency-Key on the field app's writes (issue 28): a repeat with the same key gets the first
// answer and does nothing again; two at once are handled once; keys are per account.

let tdb: TestDatabase;
let t: TestApp;
let fitter: Agent;
let fitterFx: EmployeeFixture;
let colleague: Agent;
let anon: Agent;
let client: Agent;
let project: { id: number };
let category: { id: number };
let paymentType: { id: number };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { fitter: { firstName: 'Bram' }, colleague: { firstName: 'Sophie' } },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    anon: true,
  });
  ({ fitter, colleague, anon, client } = cast);
  fitterFx = cast.fitter.fx;
  project = await createProjectRow(tdb.db, { name: 'Veerboot Texel' });
  category = await createCategoryRow(tdb.db, { name: 'Reiskosten' });
  paymentType = await createPaymentTypeRow(tdb.db, { name: 'Eigen geld' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

let day = 0;
/** A booking on a day of its own (November 2026 and on), so no test fills another's day. */
const booking = (o: Record<string, unknown> = {}) => {
  day += 1;
  const date = new Date(Date.UTC(2026, 10, 1 + day)).toISOString().slice(0, 10);
  return { date, projectId: project.id, minutes: 120, activity: 'installation', ...o };
};
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const bookingsOn = async (date: string) =>
  (await tdb.db.orm.select().from(bookedHours).where(eq(bookedHours.date, date))).filter(
    (b) => b.employeeId === fitterFx.employeeId,
  );
const keyRow = async (accountId: number, key: string) =>
  (await tdb.db.orm.select().from(idempotencyKeys).where(sql`account_id = ${accountId} AND key = ${key}`))[0] ?? null;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function receiptUpload(who: Agent, key: string) {
  const boundary = '----photo';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return who.request('POST', '/api/files?purpose=receipt', {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
  });
}

describe('Idempotency-Key on POST /api/hours', () => {
  it('without a key every request books (the behaviour the key changes)', async () => {
    const b = booking();
    expect((await fitter.post('/api/hours', b)).statusCode).toBe(201);
    expect((await fitter.post('/api/hours', b)).statusCode).toBe(201);
    expect(await bookingsOn(b.date)).toHaveLength(2);
  });

  it('a repeat with the same key gets the same answer and books nothing more', async () => {
    const b = booking();
    const key = randomUUID();
    const first = await fitter.post('/api/hours', b, withKey(key));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await fitter.post('/api/hours', b, withKey(key));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await bookingsOn(b.date)).toHaveLength(1);
    expect(await keyRow(fitterFx.accountId, key)).toMatchObject({ method: 'POST', path: '/api/hours', status: 201 });
  });

  it('two identical requests at once: booked once, and neither answer is an error but the retry-later 409', async () => {
    const b = booking();
    const key = randomUUID();
    const answers = await Promise.all([fitter.post('/api/hours', b, withKey(key)), fitter.post('/api/hours', b, withKey(key))]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const waiting = answers.find((a) => a.statusCode === 409);
    if (waiting) {
      expect(waiting.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect(waiting.headers['retry-after']).toBe('2');
    }
    expect(await bookingsOn(b.date)).toHaveLength(1);
    // The retry the 409 asks for gets the stored answer.
    const retried = await fitter.post('/api/hours', b, withKey(key));
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.id).toBe(answers.find((a) => a.statusCode === 201)?.json().data.id);
  });

  it('a refusal is stored too: the repeat is refused the same way, a new key after the correction books', async () => {
    const b = booking();
    const key = randomUUID();
    await setHourLock(tdb.db, b.date);
    let refused: Awaited<ReturnType<Agent['post']>>;
    try {
      refused = await fitter.post('/api/hours', b, withKey(key));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('HOURS_PERIOD_LOCKED');
    } finally {
      await setHourLock(tdb.db, null);
    }
    const again = await fitter.post('/api/hours', b, withKey(key));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
    expect(await bookingsOn(b.date)).toHaveLength(0);
    expect((await fitter.post('/api/hours', b, withKey(randomUUID()))).statusCode).toBe(201);
  });

  it('the same key on another route: 422 IDEMPOTENCY_KEY_REUSED, nothing done', async () => {
    const b = booking();
    const key = randomUUID();
    expect((await fitter.post('/api/hours', b, withKey(key))).statusCode).toBe(201);
    const other = await fitter.post(
      '/api/overnights',
      { projectId: project.id, date: b.date, nights: 1, location: 'Hotel' },
      withKey(key),
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await tdb.db.orm.select().from(overnightStays).where(eq(overnightStays.date, b.date))).toHaveLength(0);
  });

  it('keys are per account: a colleague with the same key books his own', async () => {
    const b = booking();
    const key = randomUUID();
    const mine = await fitter.post('/api/hours', b, withKey(key));
    const his = await colleague.post('/api/hours', b, withKey(key));
    expect(mine.statusCode).toBe(201);
    expect(his.statusCode).toBe(201);
    expect(his.headers['idempotency-replayed']).toBeUndefined();
    expect(his.json().data.id).not.toBe(mine.json().data.id);
  });

  it('a key still pending answers 409 with Retry-After; one abandoned that long is taken over', async () => {
    const b = booking();
    const key = randomUUID();
    await tdb.db.orm
      .insert(idempotencyKeys)
      .values({ accountId: fitterFx.accountId, key, method: 'POST', path: '/api/hours', createdAt: t.clock() });
    const busy = await fitter.post('/api/hours', b, withKey(key));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await bookingsOn(b.date)).toHaveLength(0);
    t.clock.advance(ABANDONED_AFTER_MS + 1000);
    const taken = await fitter.post('/api/hours', b, withKey(key));
    expect(taken.statusCode).toBe(201);
    expect(await bookingsOn(b.date)).toHaveLength(1);
  });

  it('a malformed key is a 400 and nothing is booked; callers the guard refuses never claim a key', async () => {
    const b = booking();
    const bad = await fitter.post('/api/hours', b, withKey('short'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ 'Idempotency-Key': { code: 'invalid_format' } });
    expect(await bookingsOn(b.date)).toHaveLength(0);
    const key = randomUUID();
    expect((await anon.post('/api/hours', b, withKey(key))).statusCode).toBe(401);
    expect((await client.post('/api/hours', b, withKey(key))).statusCode).toBe(403);
    expect(await tdb.db.orm.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('validation errors come before the key: a corrected repeat with the same key books', async () => {
    const b = booking();
    const key = randomUUID();
    expect((await fitter.post('/api/hours', { ...b, minutes: -5 }, withKey(key))).statusCode).toBe(400);
    expect((await fitter.post('/api/hours', b, withKey(key))).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on the other field writes', () => {
  it('an overnight stay repeated with its key is registered once', async () => {
    const key = randomUUID();
    const stay = { projectId: project.id, date: '2026-12-07', nights: 2, location: 'Hotel Den Helder' };
    const first = await fitter.post('/api/overnights', stay, withKey(key));
    expect(first.statusCode, first.body).toBe(201);
    const again = await fitter.post('/api/overnights', stay, withKey(key));
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await tdb.db.orm.select().from(overnightStays).where(eq(overnightStays.date, '2026-12-07'))).toHaveLength(1);
  });

  it('a photo uploaded twice with its key is stored once, and the declaration that uses it is filed once', async () => {
    const uploadKey = randomUUID();
    const up = await receiptUpload(fitter, uploadKey);
    expect(up.statusCode, up.body).toBe(201);
    const upAgain = await receiptUpload(fitter, uploadKey);
    expect(upAgain.statusCode).toBe(201);
    expect(upAgain.json()).toEqual(up.json());
    const fileId = up.json().data[0].id as number;
    expect(await tdb.db.orm.select().from(files).where(eq(files.createdBy, fitterFx.accountId))).toHaveLength(1);

    const key = randomUUID();
    const claim = {
      date: '2026-12-08',
      projectId: project.id,
      categoryId: category.id,
      paymentTypeId: paymentType.id,
      description: 'Parkeren werf',
      amountCents: 900,
      receiptFileId: fileId,
    };
    const filed = await fitter.post('/api/declarations', claim, withKey(key));
    expect(filed.statusCode, filed.body).toBe(201);
    const again = await fitter.post('/api/declarations', claim, withKey(key));
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(filed.json().data.id);
    expect(await tdb.db.orm.select().from(declarations).where(eq(declarations.description, 'Parkeren werf'))).toHaveLength(1);
  });
});

describe('the daily clean-up', () => {
  it('removes answers older than a week and keeps the newer ones', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    const now = t.clock();
    await tdb.db.orm.insert(idempotencyKeys).values([
      {
        accountId: fitterFx.accountId,
        key: old,
        method: 'POST',
        path: '/api/hours',
        status: 201,
        body: {},
        createdAt: new Date(now.getTime() - KEEP_ANSWERS_MS - 60_000),
      },
      {
        accountId: fitterFx.accountId,
        key: recent,
        method: 'POST',
        path: '/api/hours',
        status: 201,
        body: {},
        createdAt: new Date(now.getTime() - KEEP_ANSWERS_MS + 60_000),
      },
    ]);
    await t.app.platform.jobs.send('platform.idempotency-purge', {});
    expect(await keyRow(fitterFx.accountId, old)).toBeNull();
    expect(await keyRow(fitterFx.accountId, recent)).not.toBeNull();
  });
});
