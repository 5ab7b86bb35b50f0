// Fixtures for the company users and permissions screens' component tests (never imported by the app).
import type { CompanyProjectAccess, CompanyProjectAccessDetail } from '@app/shared/companies/company-permissions';
import type { CompanyUser } from '@app/shared/companies/company-users';

export const companyUser = (over: Partial<CompanyUser> = {}): CompanyUser => ({
  id: 21,
  companyId: 7,
  firstName: 'Anna',
  insertion: 'de',
  lastName: 'Boer',
  name: 'Anna de Boer',
  email: 'anna@nordicstar.test',
  jobTitle: 'Hotel director',
  phone: null,
  locale: 'nl',
  invitedAt: '2026-11-20T09:00:00.000Z',
  invitation: 'pending',
  lastLoginAt: null,
  version: 3,
  abilities: { canEdit: true, canDelete: true, canInvite: true, reasons: {} },
  ...over,
});

export const projectAccess = (over: Partial<CompanyProjectAccess> = {}): CompanyProjectAccess => ({
  projectId: 31,
  projectName: 'MS Aurora refit',
  projectStatus: 'active',
  allAreas: true,
  areaIds: [],
  version: 2,
  ...over,
});

/** Deck 5 with Spa (and its sauna) and Lobby; Deck 6 with the Theatre. */
export const accessDetail = (over: Partial<CompanyProjectAccessDetail> = {}): CompanyProjectAccessDetail => ({
  ...projectAccess(),
  areas: [
    { id: 100, kind: 'deck', number: '', name: 'Dek 5', parentId: null },
    { id: 101, kind: 'area', number: 'A12', name: 'Spa', parentId: 100 },
    { id: 102, kind: 'subarea', number: '', name: 'Sauna', parentId: 101 },
    { id: 103, kind: 'area', number: 'A13', name: 'Lobby', parentId: 100 },
    { id: 200, kind: 'deck', number: '', name: 'Dek 6', parentId: null },
    { id: 201, kind: 'area', number: 'B1', name: 'Theater', parentId: 200 },
  ],
  ...over,
});

/** Finds the invitation badge's label by its whole text (its date sits in a span of its own, kept on one line). */
export const badgeText = (text: string) => (_: string, el: Element | null) =>
  el?.textContent === text && el.tagName === 'SPAN' && el.children.length === 1;
