import { type Abilities, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

/** Template rows are applied in batches of this many, each in its own transaction. */
export const TEMPLATE_APPLY_BATCH = 500;
/** How many skipped numbers (or names) an application keeps to say what it skipped. */
export const SKIPPED_SAMPLE_SIZE = 20;
export const TEMPLATE_APPLICATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TemplateApplicationStatus = (typeof TEMPLATE_APPLICATION_STATUSES)[number];
/**
 * Why an application failed, as a code the web translates: left behind by a stopped process (and
 * it could not be taken over), its template deleted before it ran, an error while it ran, or its
 * job could not be queued.
 */
export const TEMPLATE_APPLICATION_ERRORS = ['interrupted', 'template_deleted', 'failed', 'queue_failed'] as const;
export type TemplateApplicationError = (typeof TEMPLATE_APPLICATION_ERRORS)[number];

export const TEMPLATE_ABILITIES = ['canEdit', 'canDelete', 'canApply'] as const;
export type TemplateAbilities = Abilities<(typeof TEMPLATE_ABILITIES)[number]>;

/** Templates are global: those who manage projects rename, delete and apply them. */
export function templateAbilities(viewer: Viewer): TemplateAbilities {
  const manage = permissionVerdict(viewer, 'projects.manage');
  return toAbilities({ canEdit: manage, canDelete: manage, canApply: manage });
}

/** Whether an application is still under way (the web keeps polling it; another apply waits). */
export function applicationActive(status: TemplateApplicationStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** 0..100, whole percent, for the progress bar. */
export function applicationPercent(a: { total: number; processed: number; status: TemplateApplicationStatus }): number {
  if (a.status === 'done') return 100;
  if (a.total <= 0) return 0;
  return Math.min(100, Math.floor((a.processed / a.total) * 100));
}
