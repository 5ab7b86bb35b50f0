import type { Availability, PlannerEntry, PlannerList, PlannerOptions } from '@app/shared/planner/planner';

/** Test data for the planner's web tests. */
export const plannerEntry = (over: Partial<PlannerEntry> = {}): PlannerEntry => ({
  id: 41,
  employee: { id: 7, name: 'Daan de Vries' },
  project: { id: 3, name: 'Nordic Star', color: '#1c5d99' },
  start: '2026-11-24T08:00',
  end: '2026-11-24T16:30',
  allDay: false,
  notes: '',
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

export const plannerList = (over: Partial<PlannerList> = {}): PlannerList => ({
  from: '2026-11-23',
  to: '2026-11-30',
  entries: [plannerEntry()],
  truncated: false,
  abilities: { canCreate: true, reasons: {} },
  ...over,
});

export const plannerOptions = (over: Partial<PlannerOptions> = {}): PlannerOptions => ({
  employees: [
    { id: 7, name: 'Daan de Vries', function: 'Projectleider' },
    { id: 8, name: 'Sanne Jansen', function: 'Monteur' },
  ],
  projects: [
    { id: 3, name: 'Nordic Star', color: '#1c5d99', archived: false },
    { id: 4, name: 'Dunes Resort', color: '#2f7d32', archived: false },
    { id: 5, name: 'Oud project', color: '#a23b72', archived: true },
  ],
  ...over,
});

const day = (weekday: number) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 });

/** Daan: full weeks, approved leave on Friday 27 November; Sanne: Monday to Thursday, pending leave on Wednesday 25 November. */
export const plannerAvailability = (over: Partial<Availability> = {}): Availability => ({
  from: '2026-11-23',
  to: '2026-11-30',
  holidays: [],
  people: [
    {
      employee: { id: 7, name: 'Daan de Vries', function: 'Projectleider', role: { id: 2, name: 'Kantoor' } },
      schedules: [{ effectiveFrom: '2026-01-05', days: { even: [1, 2, 3, 4, 5].map(day), odd: [1, 2, 3, 4, 5].map(day) } }],
      absences: [
        {
          kind: 'leave',
          status: 'approved',
          from: '2026-11-27',
          till: '2026-11-27',
          label: 'Vakantie',
          code: 'VAK',
          color: '#2f9e44',
          part: null,
        },
      ],
    },
    {
      employee: { id: 8, name: 'Sanne Jansen', function: 'Monteur', role: { id: 3, name: 'Werkplaats' } },
      schedules: [{ effectiveFrom: '2026-01-05', days: { even: [1, 2, 3, 4].map(day), odd: [1, 2, 3, 4].map(day) } }],
      absences: [
        {
          kind: 'leave',
          status: 'pending',
          from: '2026-11-25',
          till: '2026-11-25',
          label: 'Vakantie',
          code: 'VAK',
          color: '#2f9e44',
          part: null,
        },
      ],
    },
  ],
  ...over,
});
