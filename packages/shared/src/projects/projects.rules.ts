import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Verdict, type Viewer } from '../platform/abilities';

export const PROJECT_STATUSES = ['active', 'inactive'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_TYPES = ['standard', 'preferred'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
/** The list's tabs: active, archived (status inactive) and deleted. */
export const PROJECT_TABS = ['active', 'archived', 'deleted'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export const AREA_KINDS = ['deck', 'area', 'subarea'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];
export const AREA_STATUSES = ['open', 'completed'] as const;
export type AreaStatus = (typeof AREA_STATUSES)[number];
export const TASK_STATUSES = ['pending', 'completed', 'open_ticket'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const SUBTASK_STATUSES = ['open', 'closed'] as const;
export type SubtaskStatus = (typeof SUBTASK_STATUSES)[number];

const manage = (viewer: Viewer): Verdict => permissionVerdict(viewer, 'projects.manage');

export const PROJECT_ABILITIES = ['canEdit', 'canArchive', 'canRestore', 'canDelete'] as const;
export type ProjectAbilities = Abilities<(typeof PROJECT_ABILITIES)[number]>;

/**
 * A project is changed by those who manage projects while it is not deleted; archived (inactive)
 * and deleted projects are restored; a deleted one is only restored.
 */
export function projectAbilities(
  project: { status: ProjectStatus; deletedAt: string | Date | null },
  viewer: Viewer,
): ProjectAbilities {
  const notDeleted = (): Verdict => (project.deletedAt ? 'PROJECT_DELETED' : true);
  return toAbilities({
    canEdit: firstDenied(manage(viewer), notDeleted),
    canArchive: firstDenied(manage(viewer), notDeleted, () => (project.status === 'inactive' ? 'PROJECT_ARCHIVED' : true)),
    canRestore: firstDenied(manage(viewer), () =>
      project.deletedAt || project.status === 'inactive' ? true : 'PROJECT_NOT_ARCHIVED',
    ),
    canDelete: firstDenied(manage(viewer), notDeleted),
  });
}

export const AREA_ABILITIES = ['canEdit', 'canDelete', 'canComplete', 'canReopen'] as const;
export type AreaAbilities = Abilities<(typeof AREA_ABILITIES)[number]>;

/** Areas of a deleted project are read-only; an area is completed once and reopened once completed. */
export function areaAbilities(area: { status: AreaStatus; projectDeleted: boolean }, viewer: Viewer): AreaAbilities {
  const editable = (): Verdict => (area.projectDeleted ? 'PROJECT_DELETED' : true);
  return toAbilities({
    canEdit: firstDenied(manage(viewer), editable),
    canDelete: firstDenied(manage(viewer), editable),
    canComplete: firstDenied(manage(viewer), editable, () => (area.status === 'completed' ? 'AREA_COMPLETED' : true)),
    canReopen: firstDenied(manage(viewer), editable, () => (area.status === 'open' ? 'AREA_OPEN' : true)),
  });
}

export const TASK_ABILITIES = ['canEdit', 'canDelete', 'canComplete', 'canReopen'] as const;
export type TaskAbilities = Abilities<(typeof TASK_ABILITIES)[number]>;

/**
 * A task with an open ticket cannot be completed until its tickets are closed; a completed task
 * is reopened to pending.
 */
export function taskAbilities(task: { status: TaskStatus; projectDeleted: boolean }, viewer: Viewer): TaskAbilities {
  const editable = (): Verdict => (task.projectDeleted ? 'PROJECT_DELETED' : true);
  return toAbilities({
    canEdit: firstDenied(manage(viewer), editable),
    canDelete: firstDenied(manage(viewer), editable),
    canComplete: firstDenied(manage(viewer), editable, () =>
      task.status === 'open_ticket' ? 'TASK_HAS_OPEN_TICKET' : task.status === 'completed' ? 'TASK_COMPLETED' : true,
    ),
    canReopen: firstDenied(manage(viewer), editable, () => (task.status === 'completed' ? true : 'TASK_NOT_COMPLETED')),
  });
}

export const SUBTASK_ABILITIES = ['canEdit', 'canDelete', 'canClose', 'canOpen', 'canCopy'] as const;
export type SubtaskAbilities = Abilities<(typeof SUBTASK_ABILITIES)[number]>;

/** A sub-task is opened or closed (the specification's words), and copied with its order lines. */
export function subtaskAbilities(subtask: { status: SubtaskStatus; projectDeleted: boolean }, viewer: Viewer): SubtaskAbilities {
  const editable = (): Verdict => (subtask.projectDeleted ? 'PROJECT_DELETED' : true);
  return toAbilities({
    canEdit: firstDenied(manage(viewer), editable),
    canDelete: firstDenied(manage(viewer), editable),
    canClose: firstDenied(manage(viewer), editable, () => (subtask.status === 'closed' ? 'SUBTASK_CLOSED' : true)),
    canOpen: firstDenied(manage(viewer), editable, () => (subtask.status === 'open' ? 'SUBTASK_OPEN' : true)),
    canCopy: firstDenied(manage(viewer), editable),
  });
}

/** How far an area, a task or a project is: done out of total, for tasks and for sub-tasks. */
export interface Completion {
  tasksDone: number;
  tasksTotal: number;
  subtasksDone: number;
  subtasksTotal: number;
}

/**
 * What the percentage counts, as one "x of y": tasks and sub-tasks together (the percentage is
 * done over total of both), so the words beside the bar name the same things the number counts.
 * `withSubtasks` is false when there are no sub-tasks: then it is tasks only and says so.
 */
export function completionCounts(c: Completion): { done: number; total: number; withSubtasks: boolean } {
  return { done: c.tasksDone + c.subtasksDone, total: c.tasksTotal + c.subtasksTotal, withSubtasks: c.subtasksTotal > 0 };
}

/** 0..100, rounded down so 100 means everything is done; an empty area counts as 0. */
export function completionPercent(c: Completion): number {
  const total = c.tasksTotal + c.subtasksTotal;
  if (total === 0) return 0;
  return Math.floor(((c.tasksDone + c.subtasksDone) * 100) / total);
}

/** The most areas one bulk-add makes (a deck of 120 cabins is normal; a typo of 10 000 is not). */
export const MAX_BULK_AREAS = 500;

export interface AreaDraft {
  number: string;
  name: string;
}

export type BulkAreaParse =
  | { ok: true; areas: AreaDraft[] }
  | { ok: false; line: number; code: 'range_invalid' | 'range_too_large' | 'duplicate_number' };

/**
 * Reads the bulk-add text: one area per line, or a range that makes many. A line is
 * `Name 5001-5120` (name, then a number range: every number between, keeping leading zeros and
 * any prefix letters like `A01-A12`), `5001-5120` (the numbers are the names), `5001 Name`
 * (one area), `Name 5001` (one area numbered 5001 and named like a range's, so adding the same
 * text twice skips it) or just a name. Empty lines are skipped.
 */
export function parseBulkAreas(text: string, max = MAX_BULK_AREAS): BulkAreaParse {
  const areas: AreaDraft[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim().replace(/\s+/g, ' ');
    if (!line) continue;
    const range = /^(?:(.*?)\s+)?([A-Za-z]*)(\d+)\s*-\s*([A-Za-z]*)(\d+)$/.exec(line);
    let drafts: AreaDraft[];
    if (range) {
      const [, label = '', p1 = '', a = '', p2 = '', b = ''] = range;
      const from = Number(a);
      const to = Number(b);
      if ((p2 && p2 !== p1) || to < from) return { ok: false, line: i + 1, code: 'range_invalid' };
      if (to - from + 1 + areas.length > max) return { ok: false, line: i + 1, code: 'range_too_large' };
      const width = a.length === b.length ? a.length : 0;
      drafts = [];
      for (let n = from; n <= to; n++) {
        const number = `${p1}${String(n).padStart(width, '0')}`;
        drafts.push({ number, name: label ? `${label} ${number}` : number });
      }
    } else {
      const numberFirst = /^([A-Za-z]*\d[\w.-]*)\s+(.+)$/.exec(line);
      // "Cabin 5001" is a range of one: the number, named like the range's areas.
      const numberLast = /^.+\s([A-Za-z]*\d[\w.-]*)$/.exec(line);
      drafts = [
        numberFirst
          ? { number: numberFirst[1] ?? '', name: numberFirst[2] ?? '' }
          : numberLast
            ? { number: numberLast[1] ?? '', name: line }
            : { number: '', name: line },
      ];
    }
    for (const d of drafts) {
      const key = d.number.toLowerCase();
      if (key && seen.has(key)) return { ok: false, line: i + 1, code: 'duplicate_number' };
      if (key) seen.add(key);
      areas.push(d);
    }
    if (areas.length > max) return { ok: false, line: i + 1, code: 'range_too_large' };
  }
  return { ok: true, areas };
}
