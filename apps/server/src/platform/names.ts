// The names people read, written once in SQL: a person's display name, the order of a list by
// name, the person behind an account and an area's label. Every statement that shows one of them
// uses these, so "Jan van Dijk" is spelled the same on every screen and in every export.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The columns a person's table has (employees, company_users, or a Drizzle alias of one). */
interface PersonColumns {
  id: AnyColumn;
  firstName: AnyColumn;
  insertion: AnyColumn;
  lastName: AnyColumn;
}

/** A person's table in the surrounding statement: its alias (`'e'`, `'cu'`) or its Drizzle table. */
export type PersonTable = string | PersonColumns;

const ALIAS = /^[a-z_][a-z0-9_]*$/;

function column(t: PersonTable, name: 'id' | 'first_name' | 'insertion' | 'last_name'): SQL {
  if (typeof t !== 'string') {
    const key = ({ id: 'id', first_name: 'firstName', insertion: 'insertion', last_name: 'lastName' } as const)[name];
    return sql`${t[key]}`;
  }
  if (!ALIAS.test(t)) throw new Error(`not a table alias: ${t}`);
  return sql.raw(`${t}.${name}`);
}

/**
 * A person's display name: first name, insertion (tussenvoegsel) and last name, a blank insertion
 * left out ("Jan van Dijk", "Piet Jansen"). An empty string when the row is a missing outer join:
 * use `joinedPersonNameSql` there.
 */
export function personNameSql(t: PersonTable): SQL<string> {
  return sql<string>`concat_ws(' ', ${column(t, 'first_name')}, nullif(btrim(${column(t, 'insertion')}), ''), ${column(t, 'last_name')})`;
}

/** The name of the first of these left-joined person rows that is there (an employee, else a company user); null when none is. */
export function joinedPersonNameSql(...tables: PersonTable[]): SQL<string | null> {
  const arms = tables.map((t) => sql`WHEN ${column(t, 'id')} IS NOT NULL THEN ${personNameSql(t)}`);
  return sql<string | null>`CASE ${sql.join(arms, sql` `)} END`;
}

/** The order of a list of people by name: last name, then first name, ignoring case. */
export function personSortSql(t: PersonTable): SQL {
  return sql`lower(concat_ws(' ', ${column(t, 'last_name')}, ${column(t, 'first_name')}))`;
}

/** The person behind an account: an employee's or a company user's name, null when the account is gone. */
export function accountNameSql(accountId: SQL): SQL<string | null> {
  return sql<string | null>`(SELECT ${joinedPersonNameSql('e_n', 'cu_n')}
                FROM accounts a_n LEFT JOIN employees e_n ON e_n.id = a_n.employee_id
                LEFT JOIN company_users cu_n ON cu_n.id = a_n.company_user_id
               WHERE a_n.id = ${accountId})`;
}

/** An area's label (a deck, area or sub-area of a project): its number when it has one, then its name ("2.1 Kombuis"). */
export function areaLabelSql(alias: string): SQL<string> {
  if (!ALIAS.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return sql<string>`concat_ws(' ', nullif(${sql.raw(`${alias}.number`)}, ''), ${sql.raw(`${alias}.name`)})`;
}

/**
 * The name of a row named in two languages (leave types, declaration categories and payment
 * types: `name` Dutch, `name_en` English) as the reader reads it: the English one in English
 * when there is one, else the Dutch one (shownName in the shared rules says the same).
 */
export function shownNameSql(alias: string, locale: 'nl' | 'en'): SQL<string> {
  if (!ALIAS.test(alias)) throw new Error(`not a table alias: ${alias}`);
  const [name, nameEn] = [sql.raw(`${alias}.name`), sql.raw(`${alias}.name_en`)];
  return locale === 'en' ? sql<string>`coalesce(nullif(btrim(${nameEn}), ''), ${name})` : sql<string>`${name}`;
}
