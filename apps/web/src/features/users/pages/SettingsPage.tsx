import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutGrid, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../auth/api';
import { AccountSettings } from '../../auth/components/AccountSettings';

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

/** settings.index: the settings sections this person may open, and their own account. (Robox is in the catalogue.) */
export function SettingsPage() {
  const { t } = useTranslation();
  const canRoles = useCan('users.manage-roles');
  return (
    <>
      <PageHeader title={t('users.settings.title')} description={t('users.settings.intro')} />
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
      <Title order={2} size="h3" mb="md">
        {t('account.title')}
      </Title>
      <AccountSettings />
    </>
  );
}
