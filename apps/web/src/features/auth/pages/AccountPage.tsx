import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { AccountSettings } from '../components/AccountSettings';

/** The customer's 'settings' route: their language and password. */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.intro')} />
      <AccountSettings />
    </>
  );
}
