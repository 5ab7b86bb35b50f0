import { randomBytes } from 'node:crypto';
import type { Permission } from '@app/shared/platform/permissions';
import type { Database } from '../../src/db/client';
import { accounts, companies, companyUsers, employees, rolePermissions, roles } from '../../src/db/schema';
import { hashPassword } from '../../src/platform/password';

export const TEST_PASSWORD = 'Test-Pass-Phrase-42';
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

const uniq = () => randomBytes(4).toString('hex');

async function first<T>(q: Promise<T[]>): Promise<T> {
  const rows = await q;
  if (!rows[0]) throw new Error('factory insert returned nothing');
  return rows[0];
}

export async function createRole(
  db: Database,
  o: { slug?: string; name?: string; isAdmin?: boolean; permissions?: Permission[]; dashboardView?: string } = {},
) {
  const slug = o.slug ?? `role-${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(roles)
      .values({ slug, name: o.name ?? `Role ${slug}`, isAdmin: o.isAdmin ?? false, dashboardView: o.dashboardView ?? 'general' })
      .returning({ id: roles.id }),
  );
  if (o.permissions?.length)
    await db.orm.insert(rolePermissions).values(o.permissions.map((permission) => ({ roleId: id, permission })));
  return { id, slug };
}

export interface EmployeeFixture {
  accountId: number;
  employeeId: number;
  roleId: number | null;
  email: string;
  password: string;
}

/** An employee who can sign in; with permissions (a new role) or admin, or no role at all. */
export async function createEmployee(
  db: Database,
  o: {
    permissions?: Permission[];
    admin?: boolean;
    roleId?: number | null;
    email?: string;
    locale?: 'nl' | 'en';
    firstName?: string;
    status?: 'active' | 'disabled';
    passwordHash?: string | null;
  } = {},
): Promise<EmployeeFixture> {
  let roleId = o.roleId ?? null;
  if (roleId === null && (o.permissions || o.admin))
    roleId = (await createRole(db, { permissions: o.permissions ?? [], isAdmin: o.admin ?? false })).id;
  const { id: employeeId } = await first(
    db.orm
      .insert(employees)
      .values({ firstName: o.firstName ?? 'Test', lastName: `Employee ${uniq()}`, roleId })
      .returning({ id: employees.id }),
  );
  const email = o.email ?? `employee-${uniq()}@example.test`;
  const { id: accountId } = await first(
    db.orm
      .insert(accounts)
      .values({
        email,
        passwordHash: o.passwordHash === undefined ? await passwordHash() : o.passwordHash,
        guardableType: 'employee',
        employeeId,
        locale: o.locale ?? 'nl',
        firstLogin: false,
        status: o.status ?? 'active',
      })
      .returning({ id: accounts.id }),
  );
  return { accountId, employeeId, roleId, email, password: TEST_PASSWORD };
}

export async function createCompany(
  db: Database,
  o: Partial<{ name: string; sector: 'cruise' | 'leisure'; city: string; primaryColor: string }> = {},
): Promise<{ id: number; name: string }> {
  const name = o.name ?? `Company ${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(companies)
      .values({ name, sector: o.sector ?? 'cruise', city: o.city ?? 'Rotterdam', primaryColor: o.primaryColor ?? '#123456' })
      .returning({ id: companies.id }),
  );
  return { id, name };
}

export interface ClientFixture {
  accountId: number;
  companyUserId: number;
  companyId: number;
  email: string;
  password: string;
}

/** A company user who can sign in to the portal. */
export async function createClient(
  db: Database,
  companyId: number,
  o: { email?: string; firstLogin?: boolean; locale?: 'nl' | 'en'; passwordHash?: string | null } = {},
): Promise<ClientFixture> {
  const { id: companyUserId } = await first(
    db.orm
      .insert(companyUsers)
      .values({ companyId, firstName: 'Client', lastName: `User ${uniq()}` })
      .returning({ id: companyUsers.id }),
  );
  const email = o.email ?? `client-${uniq()}@example.test`;
  const { id: accountId } = await first(
    db.orm
      .insert(accounts)
      .values({
        email,
        passwordHash: o.passwordHash === undefined ? await passwordHash() : o.passwordHash,
        guardableType: 'client',
        companyUserId,
        locale: o.locale ?? 'nl',
        firstLogin: o.firstLogin ?? true,
      })
      .returning({ id: accounts.id }),
  );
  return { accountId, companyUserId, companyId, email, password: TEST_PASSWORD };
}
