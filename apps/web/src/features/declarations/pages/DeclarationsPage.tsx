import { viewerCan } from '@app/shared/platform/abilities';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useViewer } from '../../auth/viewer';
import { UserHeader } from '../../users/components/UserHeader';
import { DeclarationList } from '../components/DeclarationList';

/**
 * declarations.index ('Declaraties'): one's own declarations; with the hours rights everyone's,
 * with a person filter and the decisions (approve, reject, mark paid) in the drawer.
 */
export function DeclarationsPage() {
  const { t } = useTranslation();
  const manage = viewerCan(useViewer(), PEOPLE_RIGHTS.hours);
  return (
    <>
      <PageHeader
        title={t('declarations.title')}
        description={manage ? t('declarations.descriptionManage') : t('declarations.description')}
      />
      <DeclarationList userId={null} />
    </>
  );
}

/** users.show-declarations: one person's declarations under their tabs (their own, or anyone's with the hours rights). */
export function UserDeclarationsPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  return (
    <>
      <UserHeader userId={userId} title={t('declarations.userTitle')} />
      <DeclarationList key={userId} userId={userId} />
    </>
  );
}
