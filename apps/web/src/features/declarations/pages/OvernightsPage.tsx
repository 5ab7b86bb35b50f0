import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useViewer } from '../../auth/viewer';
import { ExportPanel } from '../../exports/components/ExportPanel';
import { UserHeader } from '../../users/components/UserHeader';
import { OvernightList } from '../components/OvernightList';

/** users.show-overnights: one person's overnight stays under their tabs, with "Overnachting registreren". */
export function UserOvernightsPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const viewer = useViewer();
  return (
    <>
      <UserHeader userId={userId} title={t('declarations.overnights.title')} />
      <OvernightList key={userId} userId={userId} forEmployee={viewer.employeeId === userId ? null : userId} />
    </>
  );
}

/** settings.export-overnights ('Overnachtingen'): everyone's stays in a period, to review, and the payroll export above them. */
export function OvernightSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('declarations.overnights.settingsTitle')}
        description={t('declarations.overnights.settingsDescription')}
      />
      <Stack gap="lg">
        <ExportPanel kind="overnights" />
        <OvernightList userId={null} />
      </Stack>
    </>
  );
}
