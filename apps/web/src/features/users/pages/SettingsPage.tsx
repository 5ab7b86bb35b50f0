import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { hasAnyPermission } from '@app/shared/platform/permissions';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBeach,
  IconBed,
  IconCalendarOff,
  IconClockPlus,
  IconFileSpreadsheet,
  IconLayoutGrid,
  IconReceipt,
  IconShieldLock,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCan, useCurrentUser } from '../../auth/api';
import { AccountSettings } from '../../auth/components/AccountSettings';
import { ROBOX_SECTIONS } from '../../robox/sections';

function SettingsCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card component={Link} to={to} withBorder padding="lg" shadow="xs">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={42} variant="light" radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** settings.index: the settings sections this person may open (the Robox area among them), and their own account. */
export function SettingsPage() {
  const { t } = useTranslation();
  const canRoles = useCan('users.manage-roles');
  const canExport = useCan(PEOPLE_RIGHTS.export);
  const canHours = useCan(PEOPLE_RIGHTS.hours);
  const canLeaveTypes = useCan(LEAVE_RIGHTS.typesIndex);
  const canCollective = useCan(LEAVE_RIGHTS.collective);
  const canHourRules = useCan(LEAVE_RIGHTS.hourRules);
  const user = useCurrentUser();
  const robox = ROBOX_SECTIONS.filter((c) => hasAnyPermission(user.permissions, c.permission));
  // People and hours: the payroll exports, overnight stays, and the declarations' lists.
  const hr = [
    canExport && { to: '/settings/hours/export', icon: <IconFileSpreadsheet />, title: 'hoursExport', text: 'hoursExportText' },
    (canExport || canHours) && { to: '/settings/overnights', icon: <IconBed />, title: 'overnights', text: 'overnightsText' },
    canHours && { to: '/settings/declarations', icon: <IconReceipt />, title: 'declarations', text: 'declarationsText' },
    // Leave in hours.
    canLeaveTypes && { to: '/settings/hours/leave-types', icon: <IconBeach />, title: 'leaveTypes', text: 'leaveTypesText' },
    canCollective && {
      to: '/settings/hours/collective-leaves',
      icon: <IconCalendarOff />,
      title: 'collectiveLeave',
      text: 'collectiveLeaveText',
    },
    canHourRules && { to: '/settings/hours/hour-rules', icon: <IconClockPlus />, title: 'hourRules', text: 'hourRulesText' },
  ].filter((c) => !!c);
  return (
    <>
      <PageHeader title={t('users.settings.title')} description={t('users.settings.intro')} />
      {hr.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
          {hr.map((c) => (
            <SettingsCard
              key={c.to}
              to={c.to}
              icon={c.icon}
              title={t(`users.settings.${c.title}`)}
              text={t(`users.settings.${c.text}`)}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {canRoles ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
          <SettingsCard
            to="/settings/roles"
            icon={<IconShieldLock />}
            title={t('users.roles.title')}
            text={t('users.settings.rolesText')}
          />
          <SettingsCard
            to="/settings/permissions"
            icon={<IconLayoutGrid />}
            title={t('users.permissions.title')}
            text={t('users.settings.permissionsText')}
          />
        </SimpleGrid>
      ) : null}
      {robox.length > 0 ? (
        <>
          <Title order={2} size="h3" mb="md">
            {t('users.settings.robox')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
            {robox.map((c) => (
              <SettingsCard key={c.to} to={c.to} icon={<c.Icon />} title={t(c.title)} text={t(c.text)} />
            ))}
          </SimpleGrid>
        </>
      ) : null}
      <Title order={2} size="h3" mb="md">
        {t('account.title')}
      </Title>
      <AccountSettings />
    </>
  );
}
