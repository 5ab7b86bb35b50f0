import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/States';
import { TabBar } from '../../../components/TabBar';
import { useCompany } from '../api';
import { CompanyAvatar } from './CompanyAvatar';

/**
 * The company's tabs, in order: the path below /companies/:companyId ('' is the details page
 * itself) and the label's key. One list, used by the header and by whoever needs the tabs.
 */
export const COMPANY_TABS = [
  { path: '', label: 'companies.tabs.details' },
  { path: 'users', label: 'companies.tabs.users' },
  { path: 'permissions', label: 'companies.tabs.permissions' },
  { path: 'products', label: 'companies.tabs.products' },
  { path: 'posts', label: 'companies.tabs.posts' },
] as const;

export type CompanyTab = (typeof COMPANY_TABS)[number]['path'];

/** The link of one of the company's tabs. */
export const companyTabPath = (companyId: number, tab: CompanyTab) =>
  tab ? `/companies/${companyId}/${tab}` : `/companies/${companyId}`;

/**
 * The top of every page inside one company: its logo (or initials) and name, 'Gearchiveerd' while
 * it is archived, an optional line below the name (`children`), and the company's tabs as links
 * (the current one marked for assistive technology; the bar scrolls sideways on a phone).
 */
export function CompanyHeader({ companyId, children }: { companyId: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const company = useCompany(companyId);
  const loaded = !!company.data;

  if (company.isLoading) {
    return (
      <Stack gap="sm" mb="lg" aria-busy="true">
        <Group gap="sm">
          <Skeleton h={40} w={40} radius="sm" />
          <Skeleton h={32} w={280} maw="70%" />
        </Group>
        <Skeleton h={44} />
      </Stack>
    );
  }
  if (company.error || !company.data) {
    return <ErrorState error={company.error} onRetry={() => void company.refetch()} />;
  }
  const c = company.data;

  return (
    <Stack gap="sm" mb="lg">
      <Group gap="sm" wrap="nowrap" align="center">
        <CompanyAvatar name={c.name} logo={c.logo} primaryColor={c.primaryColor} size={40} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" align="center">
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Title>
            {c.archivedAt ? (
              <Badge variant="light" color="orange">
                {t('companies.tabs.archived')}
              </Badge>
            ) : null}
          </Group>
          {children ? (
            <Text size="sm" c="dimmed" component="div">
              {children}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <TabBar
        label={t('companies.tabs.label', { name: c.name })}
        ready={loaded}
        tabs={COMPANY_TABS.map((tab) => ({ to: companyTabPath(c.id, tab.path), label: t(tab.label), end: tab.path === '' }))}
      />
    </Stack>
  );
}

/**
 * A page inside one company: the header, then the page. When the company cannot be loaded (gone,
 * or not this person's to see) the header says so once and the page itself is left out.
 */
export function CompanyShell({ companyId, children }: { companyId: number; children: ReactNode }) {
  const company = useCompany(companyId);
  return (
    <>
      <CompanyHeader companyId={companyId} />
      {company.error ? null : children}
    </>
  );
}
