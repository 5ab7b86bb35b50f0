import type { CompanyBrand, DashboardView, GuardableType, RoleSummary } from '@app/shared/auth/auth';
import type { Locale } from '@app/shared/platform/locale';
import type { Permission } from '@app/shared/platform/permissions';
import type { SelfService } from '@app/shared/users/people.rules';

export interface Profile {
  first_name: string;
  insertion: string | null;
  last_name: string;
}

export interface EmployeeActor {
  kind: 'employee';
  accountId: number;
  employeeId: number;
  email: string;
  locale: Locale;
  firstLogin: boolean;
  profile: Profile & { function: string | null };
  role: RoleSummary | null;
  permissions: ReadonlySet<Permission>;
  /** Mobile settings: what the person may do themselves (book hours, overnight stays, see the planner). */
  selfService: SelfService;
}

/**
 * The portal view of a company: a company user, or an employee acting as the company. Every
 * customer-scoped query filters on companyId; `actingEmployee` is who really sent the request.
 */
export interface ClientActor {
  kind: 'client';
  companyId: number;
  company: CompanyBrand;
  /** The company user's own account; null when an employee acts as the company. */
  accountId: number | null;
  companyUserId: number | null;
  email: string | null;
  locale: Locale;
  firstLogin: boolean;
  profile: (Profile & { job_title: string | null }) | null;
  actingEmployee: EmployeeActor | null;
}

export interface AnonymousActor {
  kind: 'anonymous';
}

export type Actor = AnonymousActor | EmployeeActor | ClientActor;

/** The account that is signed in: the employee behind an acting-as request, or the user. */
export function signedInAccountId(actor: Actor): number | null {
  if (actor.kind === 'employee') return actor.accountId;
  if (actor.kind === 'client') return actor.actingEmployee?.accountId ?? actor.accountId;
  return null;
}

export function guardableType(actor: EmployeeActor | ClientActor): GuardableType {
  return actor.kind === 'employee' ? 'employee' : 'client';
}

export function companyIdOf(actor: Actor): number | null {
  return actor.kind === 'client' ? actor.companyId : null;
}

export function isDashboardView(v: string): v is DashboardView {
  return v === 'general' || v === 'projects' || v === 'planning' || v === 'hr';
}

/** The language the actor reads (their account's); Dutch for nobody signed in. */
export function readerLocale(actor: Actor): Locale {
  return actor.kind === 'anonymous' ? 'nl' : actor.locale;
}
