// Fixtures for the drawings screens' component tests (never imported by the app).
import type { Drawing, DrawingComment, DrawingListItem, DrawingVersion, MarkupThread } from '@app/shared/drawings/drawings';
import type { FileInfo } from '@app/shared/files/files';

export const pdfFile = (over: Partial<FileInfo> = {}): FileInfo => ({
  id: 70,
  originalName: 'hut-5001-v2.pdf',
  mime: 'application/pdf',
  size: 2_400_000,
  url: '/api/files/70',
  uploadedBy: 'Petra Manders',
  createdAt: '2026-03-02T09:00:00.000Z',
  ...over,
});

export const zipFile = (over: Partial<FileInfo> = {}): FileInfo =>
  pdfFile({ id: 71, originalName: 'details.zip', mime: 'application/zip', url: '/api/files/71', ...over });

export const drawingItem = (over: Partial<DrawingListItem> = {}): DrawingListItem => ({
  id: 11,
  project: { id: 3, name: 'MS Noordam refit 2027' },
  company: { id: 5, name: 'Nordic Star Cruises' },
  area: { id: 7, name: '5001 Hut' },
  name: 'Hut 5001 wandkast',
  drawingDate: '2026-03-01',
  employee: { id: 1, name: 'Petra Manders' },
  status: 'pending',
  versionCount: 2,
  latestVersion: { id: 32, number: 2, status: 'pending', createdAt: '2026-03-02T09:00:00.000Z' },
  waitingFor: 'client',
  updatedAt: '2026-03-02T09:00:00.000Z',
  dueDate: null,
  overdue: false,
  waitingForYou: false,
  ...over,
});

export const drawing = (over: Partial<Drawing> = {}): Drawing => ({
  ...drawingItem(),
  description: 'Wandkast met spiegeldeur',
  approvalRule: 'any',
  approvers: [],
  versions: [
    {
      id: 32,
      number: 2,
      status: 'pending',
      file: pdfFile(),
      notes: 'Deur nu links',
      side: 'staff',
      commentCount: 0,
      createdBy: 'Petra Manders',
      createdAt: '2026-03-02T09:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
    },
    {
      id: 31,
      number: 1,
      status: 'changes_requested',
      file: pdfFile({ id: 69, url: '/api/files/69', originalName: 'hut-5001-v1.pdf' }),
      notes: '',
      side: 'staff',
      commentCount: 2,
      createdBy: 'Petra Manders',
      createdAt: '2026-03-01T09:00:00.000Z',
      decidedBy: 'Emma Jansen',
      decidedAt: '2026-03-01T15:00:00.000Z',
    },
  ],
  createdBy: 'Petra Manders',
  origin: 'staff',
  createdAt: '2026-03-01T09:00:00.000Z',
  approvedAt: null,
  version: 3,
  abilities: {
    canEdit: true,
    canDelete: true,
    canAddVersion: false,
    reasons: { canAddVersion: 'DRAWING_PENDING' },
  },
  ...over,
});

export const comment = (over: Partial<DrawingComment> = {}): DrawingComment => ({
  id: 90,
  kind: 'note',
  body: 'Kan de deur naar links draaien?',
  author: 'Emma Jansen',
  side: 'client',
  actingEmployee: null,
  files: [],
  createdAt: '2026-03-01T14:00:00.000Z',
  ...over,
});

export const thread = (over: Partial<MarkupThread> = {}): MarkupThread => ({
  ...comment(),
  anchor: null,
  replies: [],
  resolvedAt: null,
  resolvedBy: null,
  versionId: 32,
  versionNumber: 2,
  carriedOver: false,
  abilities: { canReply: true, canResolve: true, canReopen: false, reasons: { canReopen: 'DRAWING_THREAD_OPEN' } },
  ...over,
});

export const version = (over: Partial<DrawingVersion> = {}): DrawingVersion => ({
  id: 32,
  number: 2,
  status: 'pending',
  // A ZIP: no pdf.js in jsdom.
  file: zipFile(),
  notes: 'Deur nu links',
  side: 'staff',
  commentCount: 1,
  createdBy: 'Petra Manders',
  createdAt: '2026-03-02T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  drawing: {
    id: 11,
    name: 'Hut 5001 wandkast',
    status: 'pending',
    project: { id: 3, name: 'MS Noordam refit 2027' },
    company: { id: 5, name: 'Nordic Star Cruises' },
    versionCount: 2,
  },
  isLatest: true,
  previous: { id: 31, number: 1 },
  comments: [
    comment(),
    comment({ id: 91, side: 'staff', author: 'Petra Manders', body: 'Komt in versie 2.', files: [pdfFile()] }),
  ],
  threads: [
    thread({
      replies: [comment({ id: 91, side: 'staff', author: 'Petra Manders', body: 'Komt in versie 2.', files: [pdfFile()] })],
    }),
  ],
  abilities: { canComment: true, canApprove: true, canRequestChanges: true, reasons: {} },
  ...over,
});
