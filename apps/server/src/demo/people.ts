import { type ScheduleDay, type ScheduleDays, scheduleOn, weekParity } from '@app/shared/hours/schedules.rules';
import { addDays, isoWeekday, localDateString } from '@app/shared/platform/iso-week';
import { EXPIRY_WARNING_DAYS } from '@app/shared/users/people.rules';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client';
import { hashPassword } from '../platform/password';
import { query } from '../platform/sql';
import type { FileStorage } from '../platform/storage';
import { onePagePdf } from './pdf';
import { DEMO_ACCOUNTS } from './seed';

/** The one employee of the people-and-hours demo who signs in: a fitter (README "Demo accounts"). */
export const DEMO_FITTER = { email: 'monteur@outfitting.test', password: 'Outfit!Monteur2026' } as const;

type Role = 'werkplaats' | 'project-manager' | 'hr';
type Kind = 'fitter' | 'office' | 'warehouse' | 'light';

interface Person {
  firstName: string;
  insertion?: string;
  lastName: string;
  function: string;
  role: Role;
  kind: Kind;
  /** The working week; a second one from `changeWeeksAgo` weeks ago for the person whose hours changed. */
  schedule: ScheduleDays;
  change?: { weeksAgo: number; schedule: ScheduleDays };
  exactId?: string;
  supplierNumber?: string;
  phone: string;
  mobile?: { bookHours?: boolean; overnights?: boolean; planner?: boolean };
  /** Contract: years since the start, the end (days from today; null: permanent), hours per week. */
  contract: { sinceYears: number; endsInDays: number | null; hours: number; earlier?: boolean };
  /** Days from today the VCA expires (none: no VCA). */
  vcaDays?: number;
  drivingLicence?: boolean;
}

const day = (weekday: number, start = '07:30', end = '16:30', breakMinutes = 30): ScheduleDay => ({
  weekday,
  start,
  end,
  breakMinutes,
});
const week = (days: number[], start?: string, end?: string, breakMinutes?: number) =>
  days.map((d) => day(d, start, end, breakMinutes));
/** 5 x 8 h with a 30-minute break, both weeks. */
const FULL_TIME: ScheduleDays = { even: week([1, 2, 3, 4, 5]), odd: week([1, 2, 3, 4, 5]) };
const OFFICE: ScheduleDays = {
  even: week([1, 2, 3, 4, 5], '08:30', '17:00'),
  odd: week([1, 2, 3, 4, 5], '08:30', '17:00'),
};

/** A dozen people of the workshop, the office and the yard, with realistic Dutch names. */
const PEOPLE: Person[] = [
  {
    firstName: 'Bram',
    insertion: 'de',
    lastName: 'Jong',
    function: 'Monteur',
    role: 'werkplaats',
    kind: 'fitter',
    schedule: FULL_TIME,
    exactId: '10231',
    phone: '+31 6 4120 1101',
    mobile: { planner: true },
    contract: { sinceYears: 4, endsInDays: null, hours: 40 },
    vcaDays: 12, // expires within 30 days: on HR's list
    drivingLicence: true,
  },
  {
    firstName: 'Sophie',
    lastName: 'Bakker',
    function: 'Monteur',
    role: 'werkplaats',
    kind: 'fitter',
    schedule: FULL_TIME,
    exactId: '10232',
    phone: '+31 6 4120 1102',
    mobile: { planner: true },
    contract: { sinceYears: 2, endsInDays: null, hours: 40 },
    vcaDays: -21, // expired
    drivingLicence: true,
  },
  {
    firstName: 'Lars',
    lastName: 'Visser',
    function: 'Monteur',
    role: 'werkplaats',
    kind: 'fitter',
    schedule: FULL_TIME,
    supplierNumber: 'CR-20417',
    phone: '+31 6 4120 1103',
    mobile: { planner: true },
    contract: { sinceYears: 1, endsInDays: 250, hours: 40 },
    vcaDays: 540,
  },
  {
    firstName: 'Tim',
    lastName: 'Jansen',
    function: 'Monteur',
    role: 'werkplaats',
    kind: 'fitter',
    // Five days until half a year ago, since then four (Friday off).
    schedule: FULL_TIME,
    change: { weeksAgo: 26, schedule: { even: week([1, 2, 3, 4]), odd: week([1, 2, 3, 4]) } },
    exactId: '10235',
    phone: '+31 6 4120 1104',
    mobile: { planner: true },
    contract: { sinceYears: 6, endsInDays: null, hours: 32 },
    vcaDays: 300,
  },
  {
    firstName: 'Noah',
    lastName: 'Peters',
    function: 'Leerling-monteur',
    role: 'werkplaats',
    kind: 'fitter',
    schedule: FULL_TIME,
    phone: '+31 6 4120 1105',
    mobile: { planner: true, overnights: false },
    contract: { sinceYears: 1, endsInDays: 18, hours: 40 }, // ends within 30 days: on HR's list
    vcaDays: 700,
  },
  {
    firstName: 'Anouk',
    insertion: 'van',
    lastName: 'Dijk',
    function: 'Werkvoorbereider',
    role: 'werkplaats',
    kind: 'office',
    // Part-time: even weeks Monday to Thursday, odd weeks Monday to Wednesday.
    schedule: { even: week([1, 2, 3, 4], '08:30', '17:00'), odd: week([1, 2, 3], '08:30', '17:00') },
    exactId: '10240',
    phone: '+31 6 4120 1106',
    contract: { sinceYears: 3, endsInDays: null, hours: 28, earlier: true },
  },
  {
    firstName: 'Pieter',
    lastName: 'Mulder',
    function: 'Projectleider',
    role: 'project-manager',
    kind: 'office',
    schedule: OFFICE,
    exactId: '10241',
    phone: '+31 6 4120 1107',
    contract: { sinceYears: 8, endsInDays: null, hours: 40 },
    vcaDays: 400,
    drivingLicence: true,
  },
  {
    firstName: 'Eva',
    lastName: 'Smit',
    function: 'Tekenaar',
    role: 'werkplaats',
    kind: 'office',
    // 24 hours: Monday to Wednesday, both weeks.
    schedule: { even: week([1, 2, 3], '08:30', '17:00'), odd: week([1, 2, 3], '08:30', '17:00') },
    phone: '+31 6 4120 1108',
    contract: { sinceYears: 2, endsInDays: null, hours: 24 },
  },
  {
    firstName: 'Fleur',
    lastName: 'Hendriks',
    function: 'Tekenaar',
    role: 'werkplaats',
    kind: 'office',
    // Even weeks Tuesday to Friday, odd weeks Monday to Thursday.
    schedule: { even: week([2, 3, 4, 5], '08:00', '16:30'), odd: week([1, 2, 3, 4], '08:00', '16:30') },
    supplierNumber: 'CR-20433',
    phone: '+31 6 4120 1109',
    contract: { sinceYears: 1, endsInDays: 120, hours: 32 },
  },
  {
    firstName: 'Ilse',
    insertion: 'de',
    lastName: 'Graaf',
    function: 'HR-medewerker',
    role: 'hr',
    kind: 'light',
    schedule: { even: week([1, 2, 4], '08:30', '17:00'), odd: week([1, 2, 4], '08:30', '17:00') },
    exactId: '10250',
    phone: '+31 6 4120 1110',
    contract: { sinceYears: 5, endsInDays: null, hours: 24 },
  },
  {
    firstName: 'Mohammed',
    insertion: 'el',
    lastName: 'Idrissi',
    function: 'Magazijnmedewerker',
    role: 'werkplaats',
    kind: 'warehouse',
    schedule: { even: week([1, 2, 3, 4, 5], '07:00', '15:30'), odd: week([1, 2, 3, 4, 5], '07:00', '15:30') },
    exactId: '10260',
    phone: '+31 6 4120 1111',
    mobile: { overnights: false },
    contract: { sinceYears: 3, endsInDays: null, hours: 40 },
    vcaDays: 180,
    drivingLicence: true,
  },
  {
    firstName: 'Jeroen',
    lastName: 'Kok',
    function: 'Magazijnmedewerker en chauffeur',
    role: 'werkplaats',
    kind: 'warehouse',
    schedule: { even: week([1, 2, 3, 4, 5], '07:00', '15:30'), odd: week([1, 2, 3, 4], '07:00', '15:30') },
    supplierNumber: 'CR-20450',
    phone: '+31 6 4120 1112',
    mobile: { bookHours: false },
    contract: { sinceYears: 7, endsInDays: null, hours: 36 },
    drivingLicence: true,
  },
];

/** A small deterministic random (the demo is the same on every first start). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const ACTIVITIES: Record<Kind, [string, number][]> = {
  fitter: [
    ['installation', 0.72],
    ['travel', 0.12],
    ['workshop', 0.12],
    ['other', 0.04],
  ],
  office: [
    ['engineering', 0.55],
    ['management', 0.35],
    ['travel', 0.1],
  ],
  warehouse: [
    ['workshop', 0.7],
    ['travel', 0.2],
    ['other', 0.1],
  ],
  light: [['management', 1]],
};

const NOTES: Record<string, string[]> = {
  installation: ['Wandpanelen geplaatst', 'Plafond afgewerkt', 'Meubels gemonteerd', 'Opleverpunten verholpen', ''],
  travel: ['Reis naar de werf', 'Terugreis', ''],
  workshop: ['Voorbereiding in de werkplaats', 'Materiaal gereedgezet', 'Orderpicken voor de werf', ''],
  engineering: ['Detailtekeningen', 'Inmeting verwerkt', 'Werktekeningen bijgewerkt', ''],
  management: ['Bouwvergadering', 'Planning bijgewerkt', 'Overleg met de klant', ''],
  other: ['Opruimen', 'Toolbox-meeting', ''],
};

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function activityOf(rand: () => number, kind: Kind): string {
  const r = rand();
  let acc = 0;
  for (const [a, w] of ACTIVITIES[kind]) {
    acc += w;
    if (r < acc) return a;
  }
  return ACTIVITIES[kind][0]?.[0] ?? 'other';
}

const minutesOf = (d: ScheduleDay) => {
  const [sh, sm] = d.start.split(':').map(Number) as [number, number];
  const [eh, em] = d.end.split(':').map(Number) as [number, number];
  return eh * 60 + em - (sh * 60 + sm) - d.breakMinutes;
};

/** Rows for one bulk INSERT ... SELECT FROM jsonb_to_recordset: one statement per table, whatever the count. */
async function insertRows(db: DbOrTx, table: string, columns: Record<string, string>, rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  await db.execute(
    sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names.join(', '))})
        SELECT ${sql.raw(names.join(', '))} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${sql.raw(defs)})`,
  );
}

/** A receipt, an ID scan or a contract as a one-page PDF (the demo's files are all PDFs). */
function documentPdf(lines: string[]): Buffer {
  const esc = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[()\\]/g, '\\$&');
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${740 - i * 24} Td (${esc(l)}) Tj ET`).join('\n');
  return onePagePdf(text, { width: 595, height: 842 });
}

export interface PeopleDemoResult {
  employees: number;
  bookedHours: number;
  declarations: number;
  overnights: number;
  documents: number;
  contracts: number;
}

/**
 * People and hours of the demo: a dozen employees with accounts (only the fitter
 * DEMO_FITTER has a password), their schedules (full-time, part-time with different even and odd
 * weeks, one that changed half a year ago), a year of booked hours on the demo projects up to
 * yesterday (the admin and the project leader lightly), declaration categories and payment types
 * with declarations in every status (each with a PDF receipt), overnight stays, documents (one VCA
 * expiring within 30 days, one expired), contracts (one ending within 30 days, a part-time one of
 * 24 h) and the hour lock through the end of the month before last. Written with one bulk
 * statement per table; loaded once, when no schedule exists and the demo projects are there.
 */
export async function seedPeopleDemo(o: {
  db: Database;
  storage: FileStorage;
  log?: FastifyBaseLogger;
  now?: Date;
}): Promise<PeopleDemoResult | null> {
  const started = Date.now();
  const db = o.db.orm;
  const existing = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM schedules`);
  if (Number(existing[0]?.n ?? 0) > 0) return null;
  const roles = await query<{ id: number; slug: string }>(db, sql`SELECT id, slug FROM roles`);
  const roleId = (slug: string) => roles.find((r) => r.slug === slug)?.id;
  const projects = await query<{ id: number; status: string }>(
    db,
    sql`SELECT id, status FROM projects WHERE deleted_at IS NULL ORDER BY (status = 'active') DESC, id`,
  );
  const staff = await query<{ email: string; accountId: number; employeeId: number }>(
    db,
    sql`SELECT email, id AS "accountId", employee_id AS "employeeId" FROM accounts
         WHERE email IN (${DEMO_ACCOUNTS.admin.email}, ${DEMO_ACCOUNTS.projectManager.email}) AND employee_id IS NOT NULL`,
  );
  if (projects.length === 0 || !roleId('werkplaats') || !roleId('hr') || !roleId('project-manager') || staff.length < 2) {
    o.log?.info({ event: 'demo.people.skipped' }, 'demo people not loaded: the demo roles, accounts or projects are missing');
    return null;
  }
  const active = projects.filter((p) => p.status === 'active').map((p) => Number(p.id));
  const all = projects.map((p) => Number(p.id));
  const areas = await query<{ id: number; projectId: number }>(
    db,
    sql`SELECT id, project_id AS "projectId" FROM project_areas WHERE kind = 'area' ORDER BY id`,
  );
  const areasOf = new Map<number, number[]>();
  for (const a of areas) areasOf.set(Number(a.projectId), [...(areasOf.get(Number(a.projectId)) ?? []), Number(a.id)]);

  const today = localDateString(o.now ?? new Date());
  const yearAgo = addDays(today, -364);
  const fitterHash = await hashPassword(DEMO_FITTER.password);

  // The files first (outside the transaction: storage is not transactional; a failed seed leaves
  // only unattached files, which the hourly clean-up removes).
  const stored: { key: string; name: string; size: number }[] = [];
  const store = async (name: string, lines: string[]) => {
    const bytes = documentPdf(lines);
    const key = o.storage.newKey();
    await o.storage.write(key, bytes);
    stored.push({ key, name, size: bytes.length });
    return stored.length - 1;
  };

  const result = await db.transaction(async (tx) => {
    // ---- employees and their accounts
    const ids: number[] = [];
    for (const p of PEOPLE) {
      const rows = await query<{ id: number }>(
        tx,
        sql`INSERT INTO employees (first_name, insertion, last_name, function, role_id, phone, exact_id, supplier_number,
                                   mobile_book_hours, mobile_overnights, mobile_planner)
            VALUES (${p.firstName}, ${p.insertion ?? null}, ${p.lastName}, ${p.function}, ${roleId(p.role) ?? null}, ${p.phone},
                    ${p.exactId ?? null}, ${p.supplierNumber ?? null}, ${p.mobile?.bookHours ?? true},
                    ${p.mobile?.overnights ?? true}, ${p.mobile?.planner ?? false})
            RETURNING id`,
      );
      ids.push(Number(rows[0]?.id));
    }
    const emailOf = (p: Person) =>
      `${[p.firstName, p.insertion, p.lastName]
        .filter(Boolean)
        .join('.')
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')}@outfitting.test`;
    await insertRows(
      tx,
      'accounts',
      {
        email: 'text',
        password_hash: 'text',
        guardable_type: 'text',
        employee_id: 'int',
        locale: 'text',
        first_login: 'boolean',
      },
      PEOPLE.map((p, i) => ({
        email: i === 0 ? DEMO_FITTER.email : emailOf(p),
        password_hash: i === 0 ? fitterHash : null,
        guardable_type: 'employee',
        employee_id: ids[i],
        locale: 'nl',
        first_login: i !== 0,
      })),
    );
    const accounts = await query<{ id: number; employeeId: number }>(
      tx,
      sql`SELECT id, employee_id AS "employeeId" FROM accounts WHERE employee_id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    const accountOf = (employeeId: number) => Number(accounts.find((a) => Number(a.employeeId) === employeeId)?.id);
    const hr = ids[PEOPLE.findIndex((p) => p.role === 'hr')] as number;
    const hrAccount = accountOf(hr);

    // ---- schedules: one version from before the year of hours; a second one for the person whose hours changed
    const scheduleRows: { employee_id: number; effective_from: string; days: ScheduleDays; created_by: number }[] = [];
    const versionsOf = new Map<number, { effectiveFrom: string; days: ScheduleDays }[]>();
    const since = addDays(yearAgo, -isoWeekday(yearAgo) + 1 - 7 * 4); // a Monday some weeks before
    PEOPLE.forEach((p, i) => {
      const id = ids[i] as number;
      const versions = [{ effectiveFrom: since, days: p.schedule }];
      if (p.change) {
        const from = addDays(today, -7 * p.change.weeksAgo);
        versions.push({ effectiveFrom: addDays(from, -isoWeekday(from) + 1), days: p.change.schedule });
      }
      versionsOf.set(id, versions);
      for (const v of versions)
        scheduleRows.push({ employee_id: id, effective_from: v.effectiveFrom, days: v.days, created_by: hrAccount });
    });
    // The admin and the project leader: office weeks.
    for (const s of staff) {
      versionsOf.set(Number(s.employeeId), [{ effectiveFrom: since, days: OFFICE }]);
      scheduleRows.push({ employee_id: Number(s.employeeId), effective_from: since, days: OFFICE, created_by: hrAccount });
    }
    await insertRows(
      tx,
      'schedules',
      { employee_id: 'int', effective_from: 'date', days: 'jsonb', created_by: 'int' },
      scheduleRows,
    );

    // ---- a year of booked hours, by schedule, up to yesterday
    const hours: {
      employee_id: number;
      date: string;
      project_id: number;
      area_id: number | null;
      minutes: number;
      activity: string;
      notes: string;
      created_by: number;
    }[] = [];
    const book = (person: { id: number; kind: Kind; seed: number; account: number }) => {
      const rand = random(person.seed);
      const versions = versionsOf.get(person.id) ?? [];
      // A fortnight of summer holiday, a different one for each person.
      const holiday = addDays(yearAgo, 200 + (person.seed % 5) * 7);
      for (let date = yearAgo; date < today; date = addDays(date, 1)) {
        const v = scheduleOn(versions, date);
        const sched = v?.days[weekParity(date)].find((d) => d.weekday === isoWeekday(date));
        if (!sched) continue;
        if (date >= holiday && date < addDays(holiday, 14)) continue;
        if (rand() < 0.04) continue; // ill, a day off
        const weekIndex = Math.floor((Date.parse(date) - Date.parse(yearAgo)) / (7 * 86_400_000));
        const pool = weekIndex < 16 ? all : active.length ? active : all;
        const project = pool[(Math.floor(weekIndex / 3) + person.seed) % pool.length] as number;
        if (person.kind === 'light') {
          // Two bookings a week at most, a few hours each.
          if (rand() > 0.35) continue;
          hours.push({
            employee_id: person.id,
            date,
            project_id: project,
            area_id: null,
            minutes: 60 * (1 + Math.floor(rand() * 4)),
            activity: 'management',
            notes: pick(rand, NOTES.management ?? []),
            created_by: person.account,
          });
          continue;
        }
        let minutes = minutesOf(sched);
        const r = rand();
        if (r < 0.04)
          minutes += 90 + Math.floor(rand() * 5) * 15; // overtime
        else if (r < 0.2) minutes += (Math.floor(rand() * 5) - 2) * 15; // a quarter more or less
        const projectAreas = areasOf.get(project) ?? [];
        const area = () => (person.kind === 'fitter' && projectAreas.length && rand() < 0.6 ? pick(rand, projectAreas) : null);
        const first = activityOf(rand, person.kind);
        if (rand() < 0.3 && minutes > 180) {
          // Split the day: travel or workshop first, then the main work.
          const part = 60 + Math.floor(rand() * 5) * 15;
          const second = first === 'installation' ? 'travel' : activityOf(rand, person.kind);
          hours.push({
            employee_id: person.id,
            date,
            project_id: project,
            area_id: null,
            minutes: part,
            activity: second,
            notes: pick(rand, NOTES[second] ?? ['']),
            created_by: person.account,
          });
          minutes -= part;
        }
        hours.push({
          employee_id: person.id,
          date,
          project_id: project,
          area_id: first === 'installation' ? area() : null,
          minutes,
          activity: first,
          notes: pick(rand, NOTES[first] ?? ['']),
          created_by: person.account,
        });
      }
    };
    PEOPLE.forEach((p, i) => {
      const id = ids[i] as number;
      book({ id, kind: p.kind, seed: 17 + i * 31, account: accountOf(id) });
    });
    staff.forEach((s, i) => {
      book({ id: Number(s.employeeId), kind: 'light', seed: 401 + i * 13, account: Number(s.accountId) });
    });
    await insertRows(
      tx,
      'booked_hours',
      {
        employee_id: 'int',
        date: 'date',
        project_id: 'int',
        area_id: 'int',
        minutes: 'int',
        activity: 'text',
        notes: 'text',
        created_by: 'int',
      },
      hours,
    );

    // ---- payroll has run through the end of the month before last
    const [y, m] = today.split('-').map(Number) as [number, number];
    const lockedThrough = addDays(`${m <= 1 ? y - 1 : y}-${String(m <= 1 ? m + 11 : m - 1).padStart(2, '0')}-01`, -1);
    await tx.execute(
      sql`INSERT INTO hour_locks (locked_through, created_by, created_at)
          VALUES (${lockedThrough}::date, ${hrAccount}, ${`${addDays(lockedThrough, 6)}T09:00:00Z`}::timestamptz)`,
    );

    return { ids, accountOf, hrAccount, hours: hours.length };
  });

  // ---- declarations, overnight stays, documents and contracts (their files stored first)
  const { ids, accountOf, hrAccount } = result;
  const person = (i: number) => PEOPLE[i] as Person;
  const nameOf = (i: number) => [person(i).firstName, person(i).insertion, person(i).lastName].filter(Boolean).join(' ');

  // Dutch name, English name (the settings' "Naam (Engels)": English readers see that one).
  const categoryNames: [string, string][] = [
    ['Reiskosten', 'Travel expenses'],
    ['Materialen', 'Materials'],
    ['Maaltijden', 'Meals'],
    ['Parkeren', 'Parking'],
    ['Overig', 'Other'],
  ];
  const paymentTypeNames: [string, string][] = [
    ['Eigen rekening (terugbetalen)', 'Own account (to be repaid)'],
    ['Bedrijfscreditcard', 'Company credit card'],
    ['Tankpas', 'Fuel card'],
  ];
  const declarations: {
    who: number;
    daysAgo: number;
    category: string;
    payment: string;
    description: string;
    cents: number;
    status: 'submitted' | 'approved' | 'rejected' | 'paid';
    reason?: string;
    project: boolean;
    file?: number;
  }[] = [
    {
      who: 0,
      daysAgo: 3,
      category: 'Parkeren',
      payment: 'Eigen rekening (terugbetalen)',
      description: 'Parkeren werf Papenburg',
      cents: 1850,
      status: 'submitted',
      project: true,
    },
    {
      who: 0,
      daysAgo: 9,
      category: 'Materialen',
      payment: 'Eigen rekening (terugbetalen)',
      description: 'Boorbits en bevestigingsmateriaal',
      cents: 4795,
      status: 'approved',
      project: true,
    },
    {
      who: 0,
      daysAgo: 40,
      category: 'Maaltijden',
      payment: 'Eigen rekening (terugbetalen)',
      description: 'Avondeten tijdens nachtploeg',
      cents: 2340,
      status: 'paid',
      project: true,
    },
    {
      who: 1,
      daysAgo: 5,
      category: 'Reiskosten',
      payment: 'Tankpas',
      description: 'Tanken bedrijfsbus',
      cents: 11250,
      status: 'submitted',
      project: true,
    },
    {
      who: 1,
      daysAgo: 22,
      category: 'Maaltijden',
      payment: 'Eigen rekening (terugbetalen)',
      description: 'Lunch met klant',
      cents: 6400,
      status: 'rejected',
      reason: 'Lunch met de klant loopt via de projectleider.',
      project: true,
    },
    {
      who: 3,
      daysAgo: 12,
      category: 'Parkeren',
      payment: 'Eigen rekening (terugbetalen)',
      description: 'Parkeergarage Rotterdam',
      cents: 2200,
      status: 'approved',
      project: true,
    },
    {
      who: 5,
      daysAgo: 2,
      category: 'Reiskosten',
      payment: 'Bedrijfscreditcard',
      description: 'Treinreis inmeting Zandvoort',
      cents: 3860,
      status: 'submitted',
      project: true,
    },
    {
      who: 6,
      daysAgo: 18,
      category: 'Overig',
      payment: 'Bedrijfscreditcard',
      description: 'Printwerk bouwtekeningen A0',
      cents: 8900,
      status: 'paid',
      project: true,
    },
    {
      who: 10,
      daysAgo: 7,
      category: 'Materialen',
      payment: 'Eigen rekening (terugbetalen)',
      description: 'Spanbanden en afdekfolie',
      cents: 3599,
      status: 'submitted',
      project: false,
    },
    {
      who: 11,
      daysAgo: 30,
      category: 'Reiskosten',
      payment: 'Tankpas',
      description: 'Diesel vrachtwagen',
      cents: 18744,
      status: 'approved',
      project: false,
    },
  ];
  for (const d of declarations) {
    d.file = await store(`bon-${d.description.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`, [
      'Kassabon',
      d.description,
      `Bedrag: EUR ${(d.cents / 100).toFixed(2).replace('.', ',')}`,
      `Datum: ${addDays(today, -d.daysAgo)}`,
    ]);
  }
  const documents: { who: number; type: string; title: string; expiresOn: string | null; notes: string; file?: number }[] = [];
  PEOPLE.forEach((p, i) => {
    documents.push({
      who: i,
      type: 'identity',
      title: i % 3 === 0 ? 'Paspoort' : 'Identiteitskaart',
      expiresOn: addDays(today, 400 + i * 97),
      notes: '',
    });
    if (p.vcaDays !== undefined) {
      documents.push({
        who: i,
        type: 'vca',
        title: i === 0 ? 'VCA-VOL' : 'VCA-basis',
        expiresOn: addDays(today, p.vcaDays),
        notes: p.vcaDays < EXPIRY_WARNING_DAYS ? 'Herexamen inplannen' : '',
      });
    }
    if (p.drivingLicence)
      documents.push({
        who: i,
        type: 'driving_licence',
        title: 'Rijbewijs B',
        expiresOn: addDays(today, 1500 + i * 40),
        notes: '',
      });
  });
  documents.push({
    who: 4,
    type: 'certificate',
    title: 'Hoogwerkercertificaat',
    expiresOn: addDays(today, 800),
    notes: 'IPAF 3a en 3b',
  });
  for (const d of documents)
    d.file = await store(
      `${d.type}-${person(d.who)
        .lastName.toLowerCase()
        .replace(/[^a-z]+/g, '-')}.pdf`,
      [d.title, nameOf(d.who)],
    );
  const contracts: { who: number; startsOn: string; endsOn: string | null; minutes: number; notes: string; file?: number }[] = [];
  PEOPLE.forEach((p, i) => {
    const startsOn = addDays(today, -Math.round(p.contract.sinceYears * 365.25) - 10 * i);
    const endsOn = p.contract.endsInDays === null ? null : addDays(today, p.contract.endsInDays);
    if (p.contract.earlier) {
      const before = addDays(startsOn, -1);
      contracts.push({ who: i, startsOn: addDays(before, -364), endsOn: before, minutes: 40 * 60, notes: 'Eerste jaarcontract' });
    }
    contracts.push({
      who: i,
      startsOn,
      endsOn,
      minutes: p.contract.hours * 60,
      notes: endsOn === null ? 'Vast contract' : 'Jaarcontract',
    });
  });
  for (const c of contracts)
    c.file = await store(
      `contract-${person(c.who)
        .lastName.toLowerCase()
        .replace(/[^a-z]+/g, '-')}.pdf`,
      [
        'Arbeidsovereenkomst',
        nameOf(c.who),
        `Vanaf ${c.startsOn}${c.endsOn ? ` tot en met ${c.endsOn}` : ' voor onbepaalde tijd'}`,
        `${c.minutes / 60} uur per week`,
      ],
    );

  await db.transaction(async (tx) => {
    // The files, uploaded by HR (or by the person, for receipts).
    const created = new Date(Date.parse(`${addDays(today, -45)}T09:00:00Z`)).toISOString();
    const inserted = await query<{ id: number; key: string }>(
      tx,
      sql`INSERT INTO files (storage_key, original_name, mime, size, created_by, created_at)
          SELECT key, name, 'application/pdf', size, ${hrAccount}, ${created}::timestamptz
            FROM jsonb_to_recordset(${JSON.stringify(stored)}::jsonb) AS x(key text, name text, size int)
          RETURNING id, storage_key AS key`,
    );
    const idByKey = new Map(inserted.map((r) => [r.key, Number(r.id)]));
    const fileIds = stored.map((f) => idByKey.get(f.key) as number);
    const fileOf = (n: number | undefined) => fileIds[n ?? -1] as number;

    await insertRows(
      tx,
      'declaration_categories',
      { name: 'text', name_en: 'text' },
      categoryNames.map(([name, name_en]) => ({ name, name_en })),
    );
    await insertRows(
      tx,
      'declaration_payment_types',
      { name: 'text', name_en: 'text' },
      paymentTypeNames.map(([name, name_en]) => ({ name, name_en })),
    );
    const cats = await query<{ id: number; name: string }>(tx, sql`SELECT id, name FROM declaration_categories`);
    const pays = await query<{ id: number; name: string }>(tx, sql`SELECT id, name FROM declaration_payment_types`);
    const projectIds = (
      await query<{ id: number }>(tx, sql`SELECT id FROM projects WHERE deleted_at IS NULL AND status = 'active' ORDER BY id`)
    ).map((r) => Number(r.id));
    const at = (daysAgo: number) => `${addDays(today, -daysAgo)}T15:00:00Z`;
    await insertRows(
      tx,
      'declarations',
      {
        employee_id: 'int',
        date: 'date',
        project_id: 'int',
        category_id: 'int',
        payment_type_id: 'int',
        description: 'text',
        amount_cents: 'int',
        receipt_file_id: 'int',
        status: 'text',
        reject_reason: 'text',
        decided_by: 'int',
        decided_at: 'timestamptz',
        paid_at: 'timestamptz',
        created_by: 'int',
        created_at: 'timestamptz',
      },
      declarations.map((d, n) => {
        const decided = d.status !== 'submitted';
        const who = ids[d.who] as number;
        return {
          employee_id: who,
          date: addDays(today, -d.daysAgo),
          project_id: d.project && projectIds.length ? projectIds[n % projectIds.length] : null,
          category_id: Number(cats.find((c) => c.name === d.category)?.id),
          payment_type_id: Number(pays.find((c) => c.name === d.payment)?.id),
          description: d.description,
          amount_cents: d.cents,
          receipt_file_id: fileOf(d.file),
          status: d.status,
          reject_reason: d.reason ?? null,
          decided_by: decided ? hrAccount : null,
          decided_at: decided ? at(d.daysAgo - 1) : null,
          paid_at: d.status === 'paid' ? at(Math.max(0, d.daysAgo - 6)) : null,
          created_by: accountOf(who),
          created_at: at(d.daysAgo),
        };
      }),
    );

    const overnight = [
      { who: 0, daysAgo: 2, nights: 3, location: 'Papenburg, hotel bij de werf', status: 'submitted' },
      { who: 1, daysAgo: 2, nights: 3, location: 'Papenburg, hotel bij de werf', status: 'submitted' },
      { who: 3, daysAgo: 16, nights: 4, location: 'Hamburg, Hotel Hafenblick', status: 'approved' },
      { who: 0, daysAgo: 30, nights: 2, location: 'Zandvoort, Strandhotel', status: 'approved' },
      {
        who: 4,
        daysAgo: 23,
        nights: 1,
        location: 'Rotterdam, Stayokay',
        status: 'rejected',
        reason: 'Reisafstand is korter dan 75 km.',
      },
      { who: 6, daysAgo: 9, nights: 1, location: 'Hamburg, Hotel Hafenblick', status: 'approved' },
    ];
    await insertRows(
      tx,
      'overnight_stays',
      {
        employee_id: 'int',
        project_id: 'int',
        date: 'date',
        nights: 'int',
        location: 'text',
        status: 'text',
        reject_reason: 'text',
        decided_by: 'int',
        decided_at: 'timestamptz',
        created_by: 'int',
        created_at: 'timestamptz',
      },
      overnight.map((s, n) => {
        const who = ids[s.who] as number;
        const decided = s.status !== 'submitted';
        return {
          employee_id: who,
          project_id: projectIds[n % Math.max(1, projectIds.length)] ?? all[0],
          date: addDays(today, -s.daysAgo),
          nights: s.nights,
          location: s.location,
          status: s.status,
          reject_reason: s.reason ?? null,
          decided_by: decided ? hrAccount : null,
          decided_at: decided ? at(s.daysAgo - 4) : null,
          created_by: accountOf(who),
          created_at: at(s.daysAgo - 3),
        };
      }),
    );

    await insertRows(
      tx,
      'employee_documents',
      { employee_id: 'int', file_id: 'int', type: 'text', title: 'text', expires_on: 'date', notes: 'text', created_by: 'int' },
      documents.map((d) => ({
        employee_id: ids[d.who],
        file_id: fileOf(d.file),
        type: d.type,
        title: d.title,
        expires_on: d.expiresOn,
        notes: d.notes,
        created_by: hrAccount,
      })),
    );
    await insertRows(
      tx,
      'employee_contracts',
      {
        employee_id: 'int',
        file_id: 'int',
        starts_on: 'date',
        ends_on: 'date',
        minutes_per_week: 'int',
        notes: 'text',
        created_by: 'int',
      },
      contracts.map((c) => ({
        employee_id: ids[c.who],
        file_id: fileOf(c.file),
        starts_on: c.startsOn,
        ends_on: c.endsOn,
        minutes_per_week: c.minutes,
        notes: c.notes,
        created_by: hrAccount,
      })),
    );
  });

  const figures: PeopleDemoResult = {
    employees: PEOPLE.length,
    bookedHours: result.hours,
    declarations: declarations.length,
    overnights: 6,
    documents: documents.length,
    contracts: contracts.length,
  };
  o.log?.info({ event: 'demo.people', ms: Date.now() - started, ...figures }, 'demo people and hours loaded');
  return figures;
}
