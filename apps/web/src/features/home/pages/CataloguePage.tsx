import { hasAnyPermission } from '@app/shared/platform/permissions';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useCurrentUser } from '../../auth/api';
import { CATALOGUE_SECTIONS } from '../catalogue-sections';
import { Shortcut } from '../components/Shortcut';

/**
 * catalogue.index ('Catalogus'): the sections of the sidebar's catalogue group this person may
 * open, in the same order and with the same titles. The breadcrumbs of every catalogue page pass here.
 */
export function CataloguePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const sections = CATALOGUE_SECTIONS.filter((s) => hasAnyPermission(user.permissions, s.permission));
  return (
    <>
      <PageHeader title={t('common.nav.catalogue')} description={t('home.catalogue.intro')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sections.map((s) => (
          <Shortcut key={s.to} to={s.to} icon={<s.Icon />} title={t(s.title)} description={t(s.text)} />
        ))}
      </SimpleGrid>
    </>
  );
}
