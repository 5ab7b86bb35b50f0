// Test data of the portal's project views (never imported by the app).
import type { PortalCompanyProduct } from '@app/shared/companies/company-products';
import type { PortalArea, PortalProjectSummary } from '@app/shared/portal/portal';

const done = { tasksDone: 1, tasksTotal: 4, subtasksDone: 2, subtasksTotal: 6 };

export const portalArea = (over: Partial<PortalArea> = {}): PortalArea => ({
  id: 11,
  kind: 'area',
  number: '5001',
  name: 'Hut 5001',
  areaType: 'Hut',
  status: 'open',
  parent: { id: 10, name: 'Dek 5', kind: 'deck' },
  childrenCount: 0,
  completion: done,
  ...over,
});

export const portalDeck = (over: Partial<PortalArea> = {}): PortalArea =>
  portalArea({ id: 10, kind: 'deck', number: '5', name: 'Dek 5', areaType: 'Dek', parent: null, ...over });

export const portalProjectSummary = (over: Partial<PortalProjectSummary> = {}): PortalProjectSummary => ({
  id: 3,
  name: 'MS Noordam refit',
  archived: false,
  address: 'Sluisjesdijk 155, Rotterdam',
  areasCount: 12,
  completion: done,
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...over,
});

export const companyProduct = (over: Partial<PortalCompanyProduct> = {}): PortalCompanyProduct => ({
  id: 1,
  product: { id: 21, name: 'Hutkast Cabin Line', code: 'PRD-021', thumbUrl: null },
  article: { article_type: { name: 'Kasten' } },
  project: { id: 3, name: 'MS Noordam refit' },
  orderLineId: 501,
  reference: 'NSC-001',
  ...over,
});
