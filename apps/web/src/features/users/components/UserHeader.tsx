import { canReadPart, type PeoplePart } from '@app/shared/users/people.rules';
import { Badge, Group, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
 * query every tab shares; or the page's own `title`), the deactivated and expiring badges, and
 * the tabs this viewer may open; `actions` at the right of the title.
 */
export function UserHeader({
  userId,
  title,
  actions,
  children,
}: {
  userId: number;
  title?: ReactNode;
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
          {e ? <EmployeeBadges deletedAt={e.deletedAt} expiring={e.expiring} /> : null}
        </Group>
        {actions}
      </Group>
      {children}
      <TabBar label={t('users.tabs.label')} tabs={tabs} ready={!!e} />
    </Stack>
  );
}
