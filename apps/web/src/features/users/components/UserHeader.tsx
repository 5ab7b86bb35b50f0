import { canReadPart, type PeoplePart } from '@app/shared/users/people.rules';
import { Badge, Group, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenState } from '../../../components/States';
import { TabBar } from '../../../components/TabBar';
import { useViewer } from '../../auth/viewer';
import { useEmployee } from '../employees-api';

/**
 * An employee's tabs, in order: the path below /users/:userId ('' is the profile itself), the
 * label's key, and the part of the record (PEOPLE_RIGHTS) another person needs to see the tab.
 * One's own record shows every tab.
 */
export const USER_TABS = [
  { path: '', label: 'users.tabs.details', part: 'viewEmployees' },
  { path: 'schedule', label: 'users.tabs.schedule', part: 'schedules' },
  { path: 'booked-hours', label: 'users.tabs.hours', part: 'hours' },
  { path: 'declarations', label: 'users.tabs.declarations', part: 'hours' },
  { path: 'overnights', label: 'users.tabs.overnights', part: 'hours' },
  { path: 'leave-card', label: 'leave.card.tab', part: 'leave' },
  { path: 'documents', label: 'users.tabs.documents', part: 'documents' },
  { path: 'contracts', label: 'users.tabs.contracts', part: 'contracts' },
  { path: 'mobile-settings', label: 'users.tabs.mobile', part: 'manageEmployees' },
] as const satisfies readonly { path: string; label: string; part: PeoplePart }[];

export type UserTab = (typeof USER_TABS)[number]['path'];

/**
 * The employee tab an address opens (/users/6/documents → the documents tab of person 6), or
 * null for anything else (the profile itself, /users/leave, …).
 */
export function userTabAt(pathname: string): { userId: number; tab: (typeof USER_TABS)[number] } | null {
  const m = /^\/users\/(\d+)\/([a-z-]+)(?:\/|$)/.exec(pathname);
  if (!m) return null;
  const tab = USER_TABS.find((x) => x.path !== '' && x.path === m[2]);
  return tab ? { userId: Number(m[1]), tab } : null;
}

/**
 * An employee's tab this viewer may not read (a project leader on someone's documents): the
 * record's header and 'Geen toegang', instead of the page, which would only ask the server and
 * hear 'bestaat niet (meer)' under a breadcrumb that names the person. Null when it may be read.
 */
export function UserTabAccess({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const at = userTabAt(pathname);
  if (!at || canReadPart(viewer, at.userId, at.tab.part)) return <>{children}</>;
  return (
    <>
      <UserHeader userId={at.userId} title={t(at.tab.label)} />
      <ForbiddenState description={t('common.forbidden.recordPart')} />
    </>
  );
}

/** The link of one of an employee's tabs. */
export const userTabPath = (userId: number, tab: UserTab) => (tab ? `/users/${userId}/${tab}` : `/users/${userId}`);

/** The badges beside an employee's name: deactivated, and a document or contract that runs out. */
export function EmployeeBadges({ deletedAt, expiring }: { deletedAt: string | null; expiring: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {deletedAt ? (
        <Badge color="gray" variant="filled">
          {t('users.employees.deactivatedBadge')}
        </Badge>
      ) : null}
      {expiring ? (
        <Badge color="orange" variant="light">
          {t('users.employees.expiringBadge')}
        </Badge>
      ) : null}
    </>
  );
}

/**
 * The top of every page inside one employee's record: the title (their name, from the profile
 * query every tab shares; or the page's own `title`), the deactivated badge, and the tabs this
 * viewer may open; `actions` at the right of the title. The expiring badge ('Verloopt') is about
 * the documents, so only the documents tab asks for it (`showExpiring`), not every tab's title.
 */
export function UserHeader({
  userId,
  title,
  actions,
  showExpiring = false,
  children,
}: {
  userId: number;
  title?: ReactNode;
  /** The documents tab: 'Verloopt' beside the title when a document or contract runs out. */
  showExpiring?: boolean;
  /** Buttons or a menu at the right of the title (the profile's staff actions). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const employee = useEmployee(userId);
  const e = employee.data;
  const tabs = USER_TABS.filter((tab) => canReadPart(viewer, userId, tab.part)).map((tab) => ({
    to: userTabPath(userId, tab.path),
    label: t(tab.label),
    end: tab.path === '',
  }));
  const heading = title ?? e?.name;
  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" align="center" wrap="wrap">
          {heading ? (
            <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {heading}
            </Title>
          ) : employee.isLoading ? (
            <Skeleton h={32} w={240} aria-hidden />
          ) : null}
          {e ? <EmployeeBadges deletedAt={e.deletedAt} expiring={showExpiring && e.expiring} /> : null}
        </Group>
        {actions}
      </Group>
      {children}
      <TabBar label={t('users.tabs.label')} tabs={tabs} ready={!!e} />
    </Stack>
  );
}
