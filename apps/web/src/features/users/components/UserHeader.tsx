import { canReadPart, type PeoplePart } from '@app/shared/people/people.rules';
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabBar } from '../../../components/TabBar';
import { useViewer } from '../../auth/api';

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
  { path: 'documents', label: 'users.tabs.documents', part: 'documents' },
  { path: 'contracts', label: 'users.tabs.contracts', part: 'contracts' },
  { path: 'mobile-settings', label: 'users.tabs.mobile', part: 'manageEmployees' },
] as const satisfies readonly { path: string; label: string; part: PeoplePart }[];

export type UserTab = (typeof USER_TABS)[number]['path'];

/** The link of one of an employee's tabs. */
export const userTabPath = (userId: number, tab: UserTab) => (tab ? `/users/${userId}/${tab}` : `/users/${userId}`);

/**
 * The top of every page inside one employee's record: the title (their name) and the tabs this
 * viewer may open. TODO(issue 12, employees): the name and the deactivated badge from the employee.
 */
export function UserHeader({ userId, title, children }: { userId: number; title?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const tabs = USER_TABS.filter((tab) => canReadPart(viewer, userId, tab.part)).map((tab) => ({
    to: userTabPath(userId, tab.path),
    label: t(tab.label),
    end: tab.path === '',
  }));
  return (
    <Stack gap="sm" mb="lg">
      {title ? <Title order={1}>{title}</Title> : null}
      {children}
      <TabBar label={t('users.tabs.label')} tabs={tabs} />
    </Stack>
  );
}
