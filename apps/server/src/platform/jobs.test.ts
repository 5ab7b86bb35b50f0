import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { InlineJobs } from './jobs';

describe('Jobs.every', () => {
  it('runs a task again and again from start() (a failure is logged, the next tick runs) until stop()', async () => {
    const errors: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => errors.push(line) });
    const jobs = new InlineJobs(log);
    let runs = 0;
    let third: () => void = () => undefined;
    const ranThrice = new Promise<void>((resolve) => {
      third = resolve;
    });
    jobs.every('sweep', 1, async () => {
      runs++;
      if (runs === 1) throw new Error('database restarting');
      if (runs === 3) third();
    });
    expect(runs).toBe(0);
    await jobs.start();
    await ranThrice;
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(errors.join('')).toContain('database restarting');
  });
});
