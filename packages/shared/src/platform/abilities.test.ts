import { describe, expect, it } from 'vitest';
import { articleAbilities } from '../articles/articles.rules';
import { companyAbilities } from '../companies/companies.rules';
import { attributeAbilities } from '../products/attributes.rules';
import { productAbilities } from '../products/products.rules';
import { roboxCategoryAbilities, roboxMaterialAbilities } from '../robox/robox.rules';
import { roleAbilities } from '../users/roles.rules';
import { firstDenied, toAbilities, type Viewer, viewerCan } from './abilities';

const employee = (permissions: string[], roleId: number | null = 7): Viewer => ({
  kind: 'employee',
  permissions: new Set(permissions),
  roleId,
  companyId: null,
});
const client: Viewer = { kind: 'client', permissions: new Set(), roleId: null, companyId: 3 };
// An employee acting as a company is a client viewer: whatever rights they hold as staff do not count.
const anonymous: Viewer = { kind: 'anonymous', permissions: new Set(), roleId: null, companyId: null };

describe('abilities building blocks', () => {
  it('toAbilities gives a flag per verdict and the code for each one denied', () => {
    expect(toAbilities({ canEdit: true, canDelete: 'ROLE_IN_USE' })).toEqual({
      canEdit: true,
      canDelete: false,
      reasons: { canDelete: 'ROLE_IN_USE' },
    });
  });

  it('firstDenied answers the first check that fails, and does not run the later ones', () => {
    let ran = false;
    const later = () => {
      ran = true;
      return true as const;
    };
    expect(firstDenied(true, 'FORBIDDEN', later)).toBe('FORBIDDEN');
    expect(ran).toBe(false);
    expect(firstDenied(true, () => true)).toBe(true);
  });

  it.each([
    ['an employee with the permission', employee(['products.manage']), true],
    ['an employee without it', employee(['projects.view']), false],
    ['a company user (or an employee acting as one)', { ...client, permissions: new Set(['products.manage']) }, false],
    ['nobody signed in', anonymous, false],
  ])('viewerCan: %s -> %s', (_who, viewer, expected) => {
    expect(viewerCan(viewer, 'products.manage')).toBe(expected);
  });
});

describe('role rules', () => {
  const manager = employee(['users.manage-roles'], 1);
  it.each([
    ['a free role', { id: 2, users_count: 0 }, manager, { canEdit: true, canDelete: true, reasons: {} }],
    [
      'a role in use',
      { id: 2, users_count: 3 },
      manager,
      { canEdit: true, canDelete: false, reasons: { canDelete: 'ROLE_IN_USE' } },
    ],
    [
      "the manager's own role, even unused by others",
      { id: 1, users_count: 0 },
      manager,
      { canEdit: true, canDelete: false, reasons: { canDelete: 'ROLE_SELF_LOCKOUT' } },
    ],
    [
      'anyone without the right',
      { id: 2, users_count: 0 },
      employee([]),
      { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } },
    ],
  ])('%s', (_case, role, viewer, expected) => {
    expect(roleAbilities(role, viewer)).toEqual(expected);
  });
});

describe('catalogue rules', () => {
  const pm = employee(['products.manage']);
  it('Robox categories and materials are deleted only when empty or unused', () => {
    expect(roboxCategoryAbilities({ materialsCount: 0 }, pm).canDelete).toBe(true);
    expect(roboxCategoryAbilities({ materialsCount: 2 }, pm).reasons.canDelete).toBe('ROBOX_CATEGORY_IN_USE');
    expect(roboxMaterialAbilities({ productsCount: 0 }, pm).canDelete).toBe(true);
    expect(roboxMaterialAbilities({ productsCount: 1 }, pm).reasons.canDelete).toBe('ROBOX_MATERIAL_IN_USE');
    expect(roboxMaterialAbilities({ productsCount: 0 }, client)).toMatchObject({ canEdit: false, canDelete: false });
  });

  it('an attribute is deleted only when nothing uses it', () => {
    expect(attributeAbilities({ usesCount: 0 }, pm)).toEqual({ canEdit: true, canDelete: true, reasons: {} });
    expect(attributeAbilities({ usesCount: 4 }, pm).reasons.canDelete).toBe('ATTRIBUTE_IN_USE');
  });

  it('publishing a product takes the inspiration right, editing it products.manage', () => {
    expect(productAbilities(pm)).toEqual({
      canEdit: true,
      canDelete: true,
      canPublish: false,
      reasons: { canPublish: 'FORBIDDEN' },
    });
    expect(productAbilities(employee(['products.manage', 'inspiration-products.manage'])).canPublish).toBe(true);
  });

  it.each([
    ['a listed article without a product', { productId: null, deletedAt: null }, true, undefined],
    ['an article that has its product', { productId: 9, deletedAt: null }, false, 'PRODUCT_EXISTS_FOR_ARTICLE'],
    ['an article the ERP removed', { productId: null, deletedAt: '2026-11-01T00:00:00.000Z' }, false, 'ARTICLE_NOT_FOUND'],
  ])('making a product of %s', (_case, article, allowed, reason) => {
    const a = articleAbilities(article, pm);
    expect(a.canCreateProduct).toBe(allowed);
    expect(a.reasons.canCreateProduct).toBe(reason);
  });
});

describe('company rules', () => {
  const live = { archived: false };
  const archived = { archived: true };
  it('editing, archiving and restoring take companies.manage, acting as the company companies.act-as-client', () => {
    expect(companyAbilities(live, employee(['companies.manage']))).toEqual({
      canEdit: true,
      canActAs: false,
      canArchive: true,
      canRestore: false,
      reasons: { canActAs: 'FORBIDDEN', canRestore: 'COMPANY_NOT_ARCHIVED' },
    });
    expect(companyAbilities(live, employee(['companies.act-as-client'])).canActAs).toBe(true);
    expect(companyAbilities(live, client)).toMatchObject({ canEdit: false, canActAs: false, canArchive: false });
  });

  it.each([
    [['companies.manage'], { canEdit: true, canArchive: false, canRestore: true, canActAs: false }],
    [['companies.act-as-client'], { canEdit: false, canArchive: false, canRestore: false, canActAs: false }],
  ])('an archived company for %j', (perms, expected) => {
    const a = companyAbilities(archived, employee(perms));
    expect(a).toMatchObject(expected);
    if (perms.includes('companies.act-as-client')) expect(a.reasons.canActAs).toBe('COMPANY_ARCHIVED');
    else expect(a.reasons.canArchive).toBe('COMPANY_ARCHIVED');
  });
});
