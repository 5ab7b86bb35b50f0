import * as z from 'zod';
import type { Platform } from '../../platform/context';
import { SWEEP_MS } from '../../platform/run-heartbeat';
import { executeSyncRun, SYNC_JOB, scheduledSync, sweepSyncRuns } from './sync.service';

// A job made by POST /api/articles/sync names its run; the nightly schedule sends no data.
const jobData = z.union([z.strictObject({ runId: z.number().int().positive() }), z.strictObject({})]);

/**
 * Registers the ERP sync job and its nightly schedule (ERP_SYNC_CRON, Europe/Amsterdam; 'off'
 * disables it), and the sweep that fails a run whose worker died. A failed run is recorded on the
 * run and not thrown, so the queue does not retry it; a job retried after a crash finds its run no
 * longer queued and only closes it.
 */
export function registerArticleJobs(p: Platform): void {
  const cron = p.config.erp.syncCron;
  p.jobs.register<Record<string, unknown>>(
    SYNC_JOB,
    async (data) => {
      const parsed = jobData.parse(data ?? {});
      if ('runId' in parsed) return executeSyncRun(p, parsed.runId);
      // pg-boss keeps a schedule it once stored; with ERP_SYNC_CRON=off the nightly run does nothing.
      if (!p.config.erp.syncCron) return;
      return scheduledSync(p);
    },
    cron ? { cron } : {},
  );
  p.jobs.every('articles.sync-sweep', SWEEP_MS, async () => {
    await sweepSyncRuns(p);
  });
}
