import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { InlineJobs } from '../../platform/jobs';

const silent = pino({ level: 'silent' });

describe('InlineJobs', () => {
  it('runs a job inside send() by default, and a failing job never reaches the sender', async () => {
    const jobs = new InlineJobs(silent);
    const done: number[] = [];
    jobs.register<{ n: number }>('j', async ({ n }) => {
      done.push(n);
    });
    jobs.register('fail', async () => {
      throw new Error('boom');
    });
    await jobs.send('j', { n: 1 });
    expect(done).toEqual([1]);
    await expect(jobs.send('fail', {})).resolves.toBeUndefined();
    await expect(jobs.send('unknown', {})).rejects.toThrow(/no handler/);
    expect(jobs.pending).toBe(0);
  });

  it('with defer, queues jobs until drain(), including jobs sent by jobs', async () => {
    const jobs = new InlineJobs(silent, { defer: true });
    const done: string[] = [];
    jobs.register<{ n: number }>('outer', async ({ n }) => {
      done.push(`outer${n}`);
      await jobs.send('inner', { n });
    });
    jobs.register<{ n: number }>('inner', async ({ n }) => {
      done.push(`inner${n}`);
    });
    await jobs.send('outer', { n: 1 });
    await jobs.send('outer', { n: 2 });
    expect(done).toEqual([]);
    expect(jobs.pending).toBe(2);
    await jobs.drain();
    expect(done).toEqual(['outer1', 'outer2', 'inner1', 'inner2']);
    expect(jobs.pending).toBe(0);
  });

  it('with background, send() returns before the job runs; drain() and stop() wait for it', async () => {
    const jobs = new InlineJobs(silent, { background: true });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const done: number[] = [];
    jobs.register<{ n: number }>('slow', async ({ n }) => {
      await gate;
      done.push(n);
    });
    await jobs.send('slow', { n: 1 });
    expect(done).toEqual([]);
    expect(jobs.pending).toBe(1);
    const drained = jobs.drain();
    release();
    await drained;
    expect(done).toEqual([1]);
    await jobs.send('slow', { n: 2 });
    await jobs.stop();
    expect(done).toEqual([1, 2]);
  });
});

describe('a reset request with background jobs (A8, for JOBS=false)', () => {
  let tdb: TestDatabase;
  let t: TestApp;
  let jobs: InlineJobs;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    jobs = new InlineJobs(silent, { background: true });
    t = await startTestApp({ db: tdb.db, jobs });
  });
  afterAll(async () => {
    await t.close();
    await tdb.drop();
  });

  it('answers while the mail is still being sent, and the mail follows', async () => {
    const emp = await createEmployee(tdb.db);
    // Hold every mail until released: with jobs run inside the request, the answer would wait too.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async (m) => {
      await gate;
      await send(m);
    };
    const a = t.agent();
    await a.csrf();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((r) => {
      timer = setTimeout(() => r(null), 5000);
    });
    const res = await Promise.race([a.post('/api/auth/forgot-password', { email: emp.email }), timeout]);
    clearTimeout(timer);
    expect(res?.statusCode).toBe(202);
    expect(t.mailer.to(emp.email)).toHaveLength(0);
    expect(jobs.pending).toBe(1);
    release();
    await jobs.drain();
    expect(t.mailer.to(emp.email)).toHaveLength(1);
  });
});
