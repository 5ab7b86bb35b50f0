import { type ClientFixture, createClient, createCompany, createEmployee, type EmployeeFixture } from '../factories/identity';
import type { Agent, TestApp } from './app';

type EmployeeOptions = NonNullable<Parameters<typeof createEmployee>[1]>;
type CompanyOptions = NonNullable<Parameters<typeof createCompany>[1]>;
type ClientOptions = NonNullable<Parameters<typeof createClient>[2]>;
type Company = Awaited<ReturnType<typeof createCompany>>;
type Empty = Record<never, never>;

/** A signed-in agent that also carries the fixture it signed in as (`manager.fx.accountId`). */
export type Actor<F> = Agent & { readonly fx: F };

/** Who a file's tests act as; every key becomes the actor's name on the cast. */
export interface CastSpec<C extends string = string> {
  /** Employees, each with `createEmployee`'s options (permissions or admin, firstName, locale…). */
  staff?: Record<string, EmployeeOptions>;
  /** Companies by name, each with `createCompany`'s options. */
  companies?: Record<C, CompanyOptions>;
  /** Portal users of `company` (default: the first company listed), with `createClient`'s options. */
  clients?: Record<string, ClientOptions & { company?: C }>;
  /** Employees acting as `company` (default: the first company listed); give them companies.act-as-client. */
  acting?: Record<string, EmployeeOptions & { company?: C }>;
  /** An anonymous agent that holds a CSRF token, as `cast.anon`. */
  anon?: boolean;
}

export type Cast<S = Empty, C = Empty, P = Empty, A = Empty, N extends boolean = false> = {
  readonly [K in keyof S | keyof A]: Actor<EmployeeFixture>;
} & { readonly [K in keyof P]: Actor<ClientFixture> } & {
  readonly companies: { readonly [K in keyof C]: Company };
} & (N extends true ? { readonly anon: Agent } : Empty);

/**
 * A test file's cast of signed-in actors, made from one spec in `beforeAll`. The fixtures are
 * made one after another in a fixed order (staff, companies, clients, acting, each in the order
 * listed), so their ids are as predictable as hand-written set-up; then every actor signs in at
 * once. `({ manager, client, anon } = await castOf(t, { staff: { manager: { permissions:
 * ['projects.manage'] } }, companies: { company: {} }, clients: { client: {} }, anon: true }))`.
 */
export async function castOf<
  const S extends Record<string, EmployeeOptions> = Empty,
  const C extends Record<string, CompanyOptions> = Empty,
  const P extends Record<string, ClientOptions & { company?: keyof C & string }> = Empty,
  const A extends Record<string, EmployeeOptions & { company?: keyof C & string }> = Empty,
  const N extends boolean = false,
>(
  t: TestApp,
  spec: { staff?: S; companies?: C; clients?: P; acting?: A; anon?: N },
  // NoInfer: the names come from the spec, never from a destructuring the result is assigned to.
): Promise<NoInfer<Cast<S, C, P, A, N>>> {
  const cast: Record<string, unknown> = {};
  const signIns: Promise<unknown>[] = [];
  const add = <F extends { email: string; password: string }>(name: string, fx: F, actingAs: number | null = null) => {
    if (name in cast || name === 'anon' || name === 'companies') throw new Error(`castOf: ${name} names two things`);
    const agent = Object.assign(t.agent(), { fx });
    cast[name] = agent;
    signIns.push(
      (async () => {
        await agent.login(fx.email, fx.password);
        // Set after signing in: the login itself is the employee's own, not the company's.
        agent.actingAs = actingAs;
      })(),
    );
  };

  const staff: [string, EmployeeFixture][] = [];
  for (const [name, o] of Object.entries<EmployeeOptions>(spec.staff ?? {})) staff.push([name, await createEmployee(t.db, o)]);
  const companies: Record<string, Company> = {};
  for (const [name, o] of Object.entries<CompanyOptions>(spec.companies ?? {})) companies[name] = await createCompany(t.db, o);
  const companyOf = (actor: string, name: string | undefined): Company => {
    const company = name === undefined ? Object.values(companies)[0] : companies[name];
    if (!company) throw new Error(`castOf: ${actor} belongs to company ${name ?? '(first)'}, which the spec does not list`);
    return company;
  };
  const clients: [string, ClientFixture][] = [];
  for (const [name, { company, ...o }] of Object.entries<ClientOptions & { company?: string }>(spec.clients ?? {}))
    clients.push([name, await createClient(t.db, companyOf(name, company).id, o)]);
  const acting: [string, EmployeeFixture, number][] = [];
  for (const [name, { company, ...o }] of Object.entries<EmployeeOptions & { company?: string }>(spec.acting ?? {}))
    acting.push([name, await createEmployee(t.db, o), companyOf(name, company).id]);

  for (const [name, fx] of staff) add(name, fx);
  for (const [name, fx] of clients) add(name, fx);
  for (const [name, fx, companyId] of acting) add(name, fx, companyId);
  if (spec.anon) {
    const anon = t.agent();
    cast.anon = anon;
    signIns.push(anon.csrf());
  }
  cast.companies = companies;
  await Promise.all(signIns);
  return cast as Cast<S, C, P, A, N>;
}
