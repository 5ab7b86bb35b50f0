import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCategory2, IconLayoutGrid, IconShieldLock, IconStack2 } from '@tabler/icons-react';
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

/** settings.index: the settings sections this person may open, and their own account. */
export function SettingsPage() {
  const { t } = useTranslation();
  const canRoles = useCan('users.manage-roles');
  const canRobox = useCan('products.manage');
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
      {canRobox ? (
        <>
          <Title order={2} size="h3" mb="md">
            {t('robox.settings.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
            <SettingsCard
              to="/robox/materials"
              icon={<IconStack2 />}
              title={t('robox.materials.title')}
              text={t('robox.settings.materialsText')}
            />
            <SettingsCard
              to="/robox/material-categories"
              icon={<IconCategory2 />}
              title={t('robox.categories.title')}
              text={t('robox.settings.categoriesText')}
            />
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
