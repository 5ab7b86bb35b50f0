import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import { decidingSide, drawingAbilities, drawingVersionAbilities } from './drawings.rules';

const manager: Viewer = { kind: 'employee', permissions: new Set(['projects.manage']), roleId: 7, companyId: null };
const viewer: Viewer = { kind: 'employee', permissions: new Set(['projects.view']), roleId: 7, companyId: null };
const client: Viewer = { kind: 'client', permissions: new Set(), roleId: null, companyId: 3 };
const VIEWERS = { 'the client': client, 'a manager': manager, 'a viewer': viewer } as const;

describe('who decides a drawing version', () => {
  it('is the side that did not upload it', () => {
    expect(decidingSide('staff')).toBe('client');
    expect(decidingSide('client')).toBe('staff');
  });

  it.each([
    // [uploaded by, seen by, canApprove, reason]
    ['staff', 'the client', true, undefined],
    ['client', 'the client', false, 'DRAWING_AWAITS_STAFF'],
    ['client', 'a manager', true, undefined],
    // Staff record the client's decision on their own version (approval on both sides).
    ['staff', 'a manager', true, undefined],
    ['client', 'a viewer', false, 'FORBIDDEN'],
  ] as const)('a waiting version uploaded by %s, seen by %s', (side, name, can, reason) => {
    const who = VIEWERS[name];
    const a = drawingVersionAbilities({ status: 'pending', isLatest: true, side }, who);
    expect(a.canApprove).toBe(can);
    expect(a.canRequestChanges).toBe(can);
    expect(a.reasons.canApprove).toBe(reason);
    expect(a.canComment).toBe(who !== viewer);
  });

  it('never decides an older or a decided version', () => {
    expect(drawingVersionAbilities({ status: 'pending', isLatest: false, side: 'staff' }, client).reasons.canApprove).toBe(
      'DRAWING_VERSION_LOCKED',
    );
    expect(drawingVersionAbilities({ status: 'approved', isLatest: true, side: 'client' }, manager).reasons.canApprove).toBe(
      'DRAWING_APPROVED',
    );
  });
});

describe('what may be done with a drawing', () => {
  it('lets the client edit and delete only its own, deleting only while nothing was decided', () => {
    const own = { status: 'pending', origin: 'client', versionCount: 1 } as const;
    expect(drawingAbilities(own, client)).toMatchObject({ canEdit: true, canDelete: true, canAddVersion: false });
    expect(drawingAbilities(own, client).reasons.canAddVersion).toBe('DRAWING_PENDING');
    expect(drawingAbilities({ ...own, status: 'open', versionCount: 1 }, client).reasons.canDelete).toBe('DRAWING_HAS_DECISIONS');
    expect(drawingAbilities({ ...own, status: 'open' }, client).canAddVersion).toBe(true);
    const staffs = { status: 'open', origin: 'staff', versionCount: 2 } as const;
    expect(drawingAbilities(staffs, client)).toMatchObject({ canEdit: false, canDelete: false, canAddVersion: true });
    expect(drawingAbilities(staffs, client).reasons.canEdit).toBe('FORBIDDEN');
  });

  it('gives staff with projects.manage everything but a new version while one waits or once approved', () => {
    expect(drawingAbilities({ status: 'approved', origin: 'client', versionCount: 2 }, manager)).toMatchObject({
      canEdit: true,
      canDelete: true,
      canAddVersion: false,
      reasons: { canAddVersion: 'DRAWING_APPROVED' },
    });
    expect(drawingAbilities({ status: 'open', origin: 'staff', versionCount: 1 }, viewer).reasons.canEdit).toBe('FORBIDDEN');
  });
});
