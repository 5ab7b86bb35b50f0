import type { Permission } from '@app/shared/platform/permissions';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { accounts, companies, companyUsers, employees, rolePermissions, roles } from '../db/schema';
import { hashPassword } from '../platform/password';
import { query } from '../platform/sql';

/** The demo accounts; the README lists the same table. Never loaded in production mode (A7). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@outfitting.test', password: 'Outfit!Admin2026' },
  projectManager: { email: 'projectleider@outfitting.test', password: 'Outfit!Project2026' },
  cruiseCustomer: { email: 'emma@nordicstar.test', password: 'Portal!Cruise2026' },
  leisureCustomer: { email: 'thomas@dunesleisure.test', password: 'Portal!Leisure2026' },
} as const;

const PROJECT_MANAGER_PERMISSIONS: Permission[] = [
  'projects.view',
  'projects.manage',
  'planner.view',
  'planner.manage',
  'companies.act-as-client',
  'articles.view',
  'products.manage',
  'hours.manage',
  'hours.approve',
];

const HR_PERMISSIONS: Permission[] = [
  'users.manage',
  'hours.manage',
  'hours.export',
  'hours.approve',
  'hour-rules.manage',
  'leave.manage',
  'leave.approve',
  'leave-categories.index',
  'leave-categories.manage',
  'collective-leave.manage',
  'documents.manage',
  'contracts.manage',
];

const COMPANIES = [
  {
    name: 'Nordic Star Cruises',
    sector: 'cruise',
    city: 'Rotterdam',
    country: 'Nederland',
    primaryColor: '#0b3d91',
    secondaryColor: '#d4a017',
    contactPerson: 'Emma Jansen',
    email: 'info@nordicstar.test',
    address: 'Wilhelminakade 91',
    zipcode: '3072 AP',
  },
  {
    name: 'Dunes Leisure Resorts',
    sector: 'leisure',
    city: 'Zandvoort',
    country: 'Nederland',
    primaryColor: '#2f6b4f',
    secondaryColor: '#e0c097',
    contactPerson: 'Thomas van den Berg',
    email: 'info@dunesleisure.test',
    address: 'Boulevard Paulus Loot 5',
    zipcode: '2042 AD',
  },
  {
    name: 'Aurora Expedition Line',
    sector: 'cruise',
    city: 'Hamburg',
    country: 'Duitsland',
    primaryColor: '#123c52',
    secondaryColor: '#7fb8c9',
    contactPerson: 'Lena Vogel',
    email: 'fleet@aurora-line.test',
    address: 'Am Sandtorkai 48',
    zipcode: '20457',
  },
  {
    name: 'Mediterranean Pearl Cruises',
    sector: 'cruise',
    city: 'Genua',
    country: 'Italië',
    primaryColor: '#1d4e89',
    secondaryColor: '#f2c14e',
    contactPerson: 'Marco Bianchi',
    email: 'newbuild@medpearl.test',
    address: 'Via Gramsci 17',
    zipcode: '16126',
  },
  {
    name: 'Hotel De Zeeuwse Kust',
    sector: 'leisure',
    city: 'Vlissingen',
    country: 'Nederland',
    primaryColor: '#5b2a86',
    secondaryColor: '#f4a259',
    contactPerson: 'Iris de Wit',
    email: 'beheer@zeeuwsekust.test',
    address: 'Boulevard de Ruyter 4',
    zipcode: '4381 KA',
  },
  {
    name: 'Veluwe Bowling & Events',
    sector: 'leisure',
    city: 'Apeldoorn',
    country: 'Nederland',
    primaryColor: '#b23a48',
    secondaryColor: '#fcb9b2',
    contactPerson: 'Ruud Bakker',
    email: 'events@veluwebowling.test',
    address: 'Laan van Westenenk 12',
    zipcode: '7336 AZ',
  },
  {
    name: 'Baltic Ferries Group',
    sector: 'cruise',
    city: 'Stockholm',
    country: 'Zweden',
    primaryColor: '#0f4c5c',
    secondaryColor: '#e36414',
    contactPerson: 'Sven Lindqvist',
    email: 'interiors@balticferries.test',
    address: 'Stadsgårdshamnen 22',
    zipcode: '116 45',
  },
  {
    name: 'Cinema Parc Utrecht',
    sector: 'leisure',
    city: 'Utrecht',
    country: 'Nederland',
    primaryColor: '#22223b',
    secondaryColor: '#c9ada7',
    contactPerson: 'Noor Hendriks',
    email: 'facilitair@cinemaparc.test',
    address: 'Jaarbeursplein 6',
    zipcode: '3521 AL',
  },
] as const;

async function insertId(q: Promise<{ id: number }[]>): Promise<number> {
  const rows = await q;
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('seed insert returned no id');
  return id;
}

async function role(tx: DbOrTx, slug: string, name: string, isAdmin: boolean, dashboardView: string, perms: Permission[]) {
  const id = await insertId(tx.insert(roles).values({ slug, name, isAdmin, dashboardView }).returning({ id: roles.id }));
  if (perms.length) await tx.insert(rolePermissions).values(perms.map((permission) => ({ roleId: id, permission })));
  return id;
}

/** True when nobody can sign in yet: the database is new. */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.orm.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return (rows[0]?.n ?? 0) === 0;
}

/** Fitters and a planner of the demo, who sign in nowhere: open tasks in the demo projects are theirs. */
export const DEMO_CREW = [
  { firstName: 'Joris', insertion: '', lastName: 'Bakker', function: 'Monteur', phone: '+31 10 123 45 71' },
  { firstName: 'Fatima', insertion: 'el', lastName: 'Amrani', function: 'Werkvoorbereider', phone: '+31 10 123 45 72' },
  { firstName: 'Kees', insertion: '', lastName: 'Visser', function: 'Monteur', phone: '+31 10 123 45 73' },
] as const;

// Arbitrary constant that identifies "demo seed" among the one-key advisory locks (migrations use
// 727_001, start-up 727_002); the two-key classes in platform/sql.ts live in a separate key space.
const SEED_LOCK = 727_003;

/**
 * Loads the demo: roles, two employees with an account and three crew members, client companies
 * and one customer user each for a cruise and a leisure client. Safe when several processes call
 * it at once: the transaction waits for any other seed first and loads nothing when that one (or
 * anyone) already made accounts or the demo's roles.
 * @returns whether this call loaded the demo (the caller then loads the rest of it)
 */
export async function seedDemo(db: Database): Promise<boolean> {
  const hashes = await Promise.all(Object.values(DEMO_ACCOUNTS).map((a) => hashPassword(a.password)));
  const [adminHash, pmHash, cruiseHash, leisureHash] = hashes as [string, string, string, string];
  return db.orm.transaction(async (tx) => {
    // Held to the commit. A caller that waited here reads the other's committed rows in the next
    // statement (READ COMMITTED takes a new snapshot per statement), so it sees them and stops.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const present = await query<{ seeded: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM ${accounts}) OR EXISTS (SELECT 1 FROM ${roles} WHERE ${roles.slug} = 'admin') AS seeded`,
    );
    if (present[0]?.seeded) return false;
    const adminRole = await role(tx, 'admin', 'Beheerder', true, 'general', []);
    const pmRole = await role(tx, 'project-manager', 'Projectleider', false, 'projects', PROJECT_MANAGER_PERMISSIONS);
    await role(tx, 'hr', 'HR-medewerker', false, 'hr', HR_PERMISSIONS);
    const workshopRole = await role(tx, 'werkplaats', 'Werkplaats', false, 'planning', ['planner.view', 'projects.view']);

    const adminEmp = await insertId(
      tx
        .insert(employees)
        .values({
          firstName: 'Sanne',
          insertion: 'de',
          lastName: 'Vries',
          function: 'Directeur operations',
          roleId: adminRole,
          phone: '+31 10 123 45 67',
        })
        .returning({ id: employees.id }),
    );
    const pmEmp = await insertId(
      tx
        .insert(employees)
        .values({
          firstName: 'Daan',
          insertion: 'van',
          lastName: 'Leeuwen',
          function: 'Projectleider cruise',
          roleId: pmRole,
          phone: '+31 10 123 45 68',
        })
        .returning({ id: employees.id }),
    );
    // The crew the demo projects' open work is assigned to: employees without an account.
    await tx.insert(employees).values(DEMO_CREW.map((c) => ({ ...c, roleId: workshopRole })));
    await tx.insert(accounts).values([
      {
        email: DEMO_ACCOUNTS.admin.email,
        passwordHash: adminHash,
        guardableType: 'employee',
        employeeId: adminEmp,
        locale: 'nl',
        firstLogin: false,
      },
      {
        email: DEMO_ACCOUNTS.projectManager.email,
        passwordHash: pmHash,
        guardableType: 'employee',
        employeeId: pmEmp,
        locale: 'nl',
        firstLogin: false,
      },
    ]);

    const companyIds: number[] = [];
    for (const c of COMPANIES) {
      companyIds.push(
        await insertId(
          tx
            .insert(companies)
            .values({ ...c })
            .returning({ id: companies.id }),
        ),
      );
    }
    const [cruiseId, leisureId] = companyIds as [number, number];
    const emma = await insertId(
      tx
        .insert(companyUsers)
        .values({
          companyId: cruiseId,
          firstName: 'Emma',
          lastName: 'Jansen',
          jobTitle: 'Newbuild manager',
          phone: '+31 10 555 01 01',
        })
        .returning({ id: companyUsers.id }),
    );
    const thomas = await insertId(
      tx
        .insert(companyUsers)
        .values({
          companyId: leisureId,
          firstName: 'Thomas',
          insertion: 'van den',
          lastName: 'Berg',
          jobTitle: 'Facility manager',
          phone: '+31 23 555 02 02',
        })
        .returning({ id: companyUsers.id }),
    );
    await tx.insert(accounts).values([
      {
        email: DEMO_ACCOUNTS.cruiseCustomer.email,
        passwordHash: cruiseHash,
        guardableType: 'client',
        companyUserId: emma,
        locale: 'nl',
        firstLogin: true,
      },
      {
        email: DEMO_ACCOUNTS.leisureCustomer.email,
        passwordHash: leisureHash,
        guardableType: 'client',
        companyUserId: thomas,
        locale: 'en',
        firstLogin: true,
      },
    ]);
    return true;
  });
}
