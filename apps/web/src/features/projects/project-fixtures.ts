// Fixtures for the projects and tickets screens' component tests (never imported by the app).
import type { FeedEvent } from '@app/shared/projects/feed';
import type { Project, ProjectListItem } from '@app/shared/projects/projects';
import type { Ticket } from '@app/shared/tickets/tickets';

const allowed = { canEdit: true, canArchive: true, canRestore: false, canDelete: true, reasons: {} };

export const projectItem = (over: Partial<ProjectListItem> = {}): ProjectListItem => ({
  id: 3,
  name: 'MS Noordam refit 2027',
  status: 'active',
  type: 'standard',
  managers: [{ id: 1, name: 'Petra Manders' }],
  companies: [{ id: 5, name: 'Nordic Star Cruises' }],
  featuredThumbUrl: null,
  areasCount: 12,
  openTicketsCount: 2,
  completion: { tasksDone: 3, tasksTotal: 10, subtasksDone: 4, subtasksTotal: 10 },
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
  deletedAt: null,
  version: 4,
  abilities: allowed,
  ...over,
});

export const project = (over: Partial<Project> = {}): Project => ({
  ...projectItem(),
  trimitId: 'TR-1001',
  notes: '',
  mapsLink: '',
  color: '',
  phone: '',
  contact: '',
  address: '',
  members: [],
  featuredImage: null,
  attachments: [],
  archivedAt: null,
  ...over,
});

export const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 21,
  project: { id: 3, name: 'MS Noordam refit 2027' },
  task: { id: 40, name: 'Meubilair plaatsen', areaId: 7, areaName: 'Hut 5001' },
  description: 'Lamp in badkamer werkt niet',
  information: '',
  priority: 'high',
  status: 'open',
  projectManager: { id: 1, name: 'Petra Manders' },
  createdBy: 'Petra Manders',
  createdAt: '2026-02-01T09:00:00.000Z',
  closedAt: null,
  updatedAt: '2026-02-01T09:00:00.000Z',
  version: 2,
  abilities: { canEdit: true, canClose: true, canReopen: false, reasons: { canReopen: 'TICKET_OPEN' } },
  ...over,
});

export const feedEvent = (over: Partial<FeedEvent> = {}): FeedEvent => ({
  id: 1,
  kind: 'task.completed',
  subjectType: 'task',
  subjectId: 40,
  subjectName: 'Meubilair plaatsen',
  areaId: 7,
  taskId: 40,
  who: 'Petra Manders',
  actingFor: null,
  data: {},
  createdAt: '2026-02-01T09:00:00.000Z',
  ...over,
});

export const employees = [
  { id: 1, name: 'Petra Manders', function: 'Projectleider' },
  { id: 2, name: 'Sanne de Vries', function: 'Directeur operations' },
];

export const pageOf = <T>(rows: T[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
});
