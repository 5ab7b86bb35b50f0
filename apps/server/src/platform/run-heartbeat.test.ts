import { describe, expect, it } from 'vitest';
import { RunLostError, withHeartbeat } from './run-heartbeat';

// The timer runs every millisecond here; the tests wait for what the beats do, never for a time.
const untilAborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));

describe('withHeartbeat', () => {
  it('beats on a timer while the work runs, and stops the work once the run is no longer its own', async () => {
    let beats = 0;
    const reason = await withHeartbeat(
      async () => {
        beats++;
        return beats < 3;
      },
      untilAborted,
      { log: { warn: () => undefined }, everyMs: 1 },
    );
    expect(reason).toBeInstanceOf(RunLostError);
    expect(beats).toBe(3);
  });

  it('logs a heartbeat that fails and goes on beating', async () => {
    const warnings: unknown[] = [];
    let beats = 0;
    await withHeartbeat(
      async () => {
        beats++;
        if (beats === 1) throw new Error('connection lost');
        return beats < 3;
      },
      untilAborted,
      { log: { warn: (o: unknown) => warnings.push(o) } as never, everyMs: 1 },
    );
    expect(warnings).toHaveLength(1);
    expect(beats).toBe(3);
  });

  it('answers what the work answers, and passes its failure on', async () => {
    const log = { warn: () => undefined };
    expect(
      await withHeartbeat(
        async () => true,
        async () => 42,
        { log },
      ),
    ).toBe(42);
    await expect(
      withHeartbeat(
        async () => true,
        async () => {
          throw new Error('disk full');
        },
        { log },
      ),
    ).rejects.toThrow('disk full');
  });
});
