import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { Turns } from './turns';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Turns: writes of one key wait in memory, one at a time', () => {
  it('runs the work of one key one at a time, in order, and other keys beside it', async () => {
    const turns = new Turns(1_000);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const all = await Promise.all([
      turns.run('a', work('a1')),
      turns.run('a', work('a2')),
      turns.run('b', work('b1')),
      turns.run('a', work('a3')),
    ]);
    expect(all).toEqual(['a1', 'a2', 'b1', 'a3']);
    const ofA = log.filter((l) => l.includes(' a'));
    expect(ofA).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(2); // a and b together, never two of a
    expect(turns.pending('a')).toBe(0);
  });

  it('passes the turn on after a failure', async () => {
    const turns = new Turns(1_000);
    const failed = turns.run('k', async () => {
      throw new Error('boom');
    });
    const next = turns.run('k', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('answers 503 with Retry-After when the turn does not come in time; the writers after it still run in order', async () => {
    const turns = new Turns(30);
    let release!: () => void;
    const held = turns.run('k', () => new Promise<void>((r) => (release = r)));
    const late = turns.run('k', async () => 'late');
    const err = await late.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect((err as AppError).headers).toEqual({ 'retry-after': '1' });
    const third = turns.run('k', async () => 'third');
    release();
    await held;
    // The third writer was queued after the one that gave up: it waits for the first, then runs.
    await expect(third).resolves.toBe('third');
    expect(turns.pending('k')).toBe(0);
  });
});
