import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { memoryOutboxStore, type OutboxWrite } from './outbox';
import { createOutbox, type Transport } from './sender';

const hours = (date: string): OutboxWrite => ({
  kind: 'hours',
  input: { date, projectId: 7, minutes: 480, activity: 'installation', notes: '' },
});
const declaration: OutboxWrite = {
  kind: 'declaration',
  input: { date: '2026-12-01', projectId: null, categoryId: 1, paymentTypeId: 2, description: 'Parkeren', amountCents: 900 },
};
const photo = { name: 'bon.png', type: 'image/png', blob: new Blob(['png']) };

/** A fake server: answers per call from `answer`, and records what was sent with which key. */
function fakeServer(answer: (path: string, body: unknown, n: number) => unknown) {
  const calls: { path: string; body: unknown; key: string }[] = [];
  const send: Transport = async (path, body, key) => {
    calls.push({ path, body, key });
    const a = answer(path, body, calls.length);
    if (a instanceof Error) throw a;
    return a;
  };
  return { calls, send };
}

const noAnswer = () => new ApiError(0, null, 'NETWORK');
const refused = (code: 'HOURS_DAY_FULL' | 'HOURS_PERIOD_LOCKED') => new ApiError(409, { code });
let clock = Date.parse('2026-12-01T08:00:00Z');
const now = () => {
  clock += 1000;
  return new Date(clock);
};

describe('the field outbox', () => {
  it('offline: keeps the entry; back online: sends it with the same key once and removes it', async () => {
    let online = false;
    const server = fakeServer(() => (online ? { data: { id: 1 } } : noAnswer()));
    const outbox = createOutbox(memoryOutboxStore(), server.send, { now });
    await outbox.load(5);
    expect(await outbox.submit(hours('2026-12-01'), { labels: { project: 'Noordam' } }, false)).toBe('queued');
    expect(outbox.entries()).toHaveLength(1);
    await outbox.flush();
    expect(outbox.entries()).toHaveLength(1);
    online = true;
    await outbox.flush();
    expect(outbox.entries()).toHaveLength(0);
    expect(server.calls.map((c) => c.key)).toEqual([server.calls[0]?.key, server.calls[0]?.key]);
  });

  it('sends in order, one at a time, and stops the round at the first entry without an answer', async () => {
    const server = fakeServer((_p, body) => ((body as { date: string }).date === '2026-12-02' ? noAnswer() : { data: {} }));
    const outbox = createOutbox(memoryOutboxStore(), server.send, { now });
    await outbox.load(5);
    for (const d of ['2026-12-01', '2026-12-02', '2026-12-03']) await outbox.submit(hours(d), { labels: {} }, false);
    await outbox.flush();
    expect(server.calls.map((c) => (c.body as { date: string }).date)).toEqual(['2026-12-01', '2026-12-02']);
    expect(outbox.entries().map((e) => e.input.date)).toEqual(['2026-12-02', '2026-12-03']);
  });

  it('a refusal is kept with the reason and does not hold up the rest; a correction sends with a new key', async () => {
    let full = true;
    const server = fakeServer((_p, body) =>
      full && (body as { date: string }).date === '2026-12-01' ? refused('HOURS_DAY_FULL') : { data: {} },
    );
    const outbox = createOutbox(memoryOutboxStore(), server.send, { now });
    await outbox.load(5);
    await outbox.submit(hours('2026-12-01'), { labels: {} }, false);
    await outbox.submit(hours('2026-12-04'), { labels: {} }, false);
    await outbox.flush();
    const [kept] = outbox.entries();
    expect(outbox.entries()).toHaveLength(1);
    expect(kept).toMatchObject({ state: 'refused', refusal: { status: 409, code: 'HOURS_DAY_FULL' } });
    // Refused entries are not sent again by themselves.
    await outbox.flush();
    expect(server.calls).toHaveLength(2);
    full = false;
    expect(await outbox.submit(hours('2026-12-01'), { labels: {}, replaces: kept?.id }, true)).toBe('sent');
    expect(outbox.entries()).toHaveLength(0);
    expect(server.calls[2]?.key).not.toBe(server.calls[0]?.key);
  });

  it('a declaration uploads its photo first (with its own key), keeps the file id, then files with it', async () => {
    let declarationsDown = true;
    const server = fakeServer((path) => {
      if (path.startsWith('/api/files')) return { data: [{ id: 42 }], rejected: [] };
      return declarationsDown ? new ApiError(503, { code: 'SERVICE_UNAVAILABLE' }) : { data: { id: 9 } };
    });
    const outbox = createOutbox(memoryOutboxStore(), server.send, { now });
    await outbox.load(5);
    await outbox.submit(declaration, { labels: {}, photo }, false);
    await outbox.flush();
    expect(outbox.entries()[0]?.photo?.fileId).toBe(42);
    declarationsDown = false;
    await outbox.flush();
    expect(server.calls.map((c) => c.path)).toEqual(['/api/files?purpose=receipt', '/api/declarations', '/api/declarations']);
    expect(server.calls[1]?.body).toMatchObject({ receiptFileId: 42, description: 'Parkeren' });
    expect(server.calls[1]?.key).toBe(server.calls[2]?.key);
    expect(server.calls[0]?.key).not.toBe(server.calls[1]?.key);
    expect(outbox.entries()).toHaveLength(0);
  });

  it('online, a refusal comes back to the form and nothing is kept; no answer keeps it', async () => {
    const server = fakeServer((_p, _b, n) => (n === 1 ? refused('HOURS_PERIOD_LOCKED') : noAnswer()));
    const outbox = createOutbox(memoryOutboxStore(), server.send, { now });
    await outbox.load(5);
    await expect(outbox.submit(hours('2026-12-01'), { labels: {} }, true)).rejects.toMatchObject({ code: 'HOURS_PERIOD_LOCKED' });
    expect(outbox.entries()).toHaveLength(0);
    expect(await outbox.submit(hours('2026-12-01'), { labels: {} }, true)).toBe('queued');
    expect(outbox.entries()).toHaveLength(1);
  });

  it("only sends and shows the signed-in account's entries", async () => {
    const server = fakeServer(() => ({ data: {} }));
    const store = memoryOutboxStore();
    const outbox = createOutbox(store, server.send, { now });
    await outbox.load(5);
    await outbox.submit(hours('2026-12-01'), { labels: {} }, false);
    await outbox.load(6);
    expect(outbox.entries()).toHaveLength(0);
    await outbox.flush();
    expect(server.calls).toHaveLength(0);
    expect(await store.all()).toHaveLength(1);
  });
});
