import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useCurrentUser } from '../api';
import { AccountSettings } from '../components/AccountSettings';
import { OwnProfileCard } from '../components/OwnProfileCard';

/**
 * The customer's 'settings' route: a company user's profile, language and password. An employee
 * acting as a company has no profile of that company's: only the language and their own password.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const ownProfile = user.data.guardable_type === 'client' && !user.data.acting_as;
  return (
    <>
      <PageHeader title={t('account.title')} description={t(ownProfile ? 'account.introProfile' : 'account.intro')} />
      <Stack gap="lg">
        {ownProfile ? <OwnProfileCard /> : null}
        <AccountSettings />
      </Stack>
    </>
  );
}
