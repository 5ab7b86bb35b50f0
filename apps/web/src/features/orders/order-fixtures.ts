import type { FileInfo } from '@app/shared/files/files';
import type { Order, OrderVersion } from '@app/shared/orders/orders';
import { type OrderStatus, orderAbilities } from '@app/shared/orders/orders.rules';
import type { Viewer } from '@app/shared/platform/abilities';
import type { ApprovalContext } from '@app/shared/platform/approvers.rules';

export const clientViewer: Viewer = { kind: 'client', permissions: new Set(), roleId: null, companyId: 7 };
export const staffViewer: Viewer = {
  kind: 'employee',
  permissions: new Set(['companies.manage', 'products.manage']),
  roleId: 1,
  companyId: null,
};

export const file = (id: number, o: Partial<FileInfo> = {}): FileInfo => ({
  id,
  originalName: `bestand-${id}.pdf`,
  mime: 'application/pdf',
  size: 2048,
  url: `/api/files/${id}`,
  uploadedBy: 'Emma de Vries',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...o,
});

export const version = (number: number, o: Partial<OrderVersion> = {}): OrderVersion => ({
  id: 100 + number,
  number,
  comment: `Ontwerp ${number}`,
  preview: file(200 + number, { originalName: `ontwerp-v${number}.png`, mime: 'image/png' }),
  status: 'pending',
  decisionComment: null,
  feedbackFiles: [],
  decidedBy: null,
  decidedAt: null,
  createdBy: 'Peter Admin',
  createdAt: '2026-03-02T10:00:00.000Z',
  locked: false,
  ...o,
});

/** An order as the server sends it to this viewer: the abilities come from the shared rule (with the viewer's standing among the approvers). */
export function order(status: OrderStatus, viewer: Viewer, o: Partial<Order> = {}, approval?: ApprovalContext): Order {
  const base: Omit<Order, 'abilities'> = {
    id: 12,
    company: { id: 7, name: 'Nordic Star' },
    title: 'Barkruk Nordic',
    product: { id: null, name: 'Barkruk Nordic', thumbnailUrl: null, isNew: true },
    quantity: 4,
    status,
    latestEvent: {
      id: 1,
      kind: 'requested',
      comment: null,
      versionNumber: null,
      actor: 'Emma de Vries',
      actingEmployee: null,
      parentId: null,
      createdAt: '2026-03-01T09:00:00.000Z',
    },
    versionCount: 0,
    requestedBy: 'Emma de Vries',
    openQuestions: 0,
    project: null,
    dueDate: null,
    overdue: false,
    waitingForYou: false,
    approvalRule: 'any',
    approvers: [],
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    description: 'Hoge kruk voor de bar op dek 5.',
    declineReason: null,
    reorderedFromId: null,
    handledBy: null,
    versions: [],
    providedFiles: [file(1)],
    finalFiles: [],
    events: [
      {
        id: 1,
        kind: 'requested',
        comment: null,
        versionNumber: null,
        actor: 'Emma de Vries',
        actingEmployee: null,
        parentId: null,
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    ],
    version: 3,
    ...o,
  };
  return { ...base, abilities: orderAbilities({ status: base.status }, viewer, approval) };
}
