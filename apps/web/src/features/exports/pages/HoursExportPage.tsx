import { viewerCan } from '@app/shared/platform/abilities';
import { localDateString } from '@app/shared/platform/iso-week';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useViewer } from '../../auth/viewer';
import { ExportPanel } from '../components/ExportPanel';
import { HourLockCard } from '../components/HourLockCard';

/**
 * settings/hours/export (settings.export-hours): the payroll export of booked hours and, for
 * those who keep the hours (PEOPLE_RIGHTS.hours), the lock that closes a period once payroll ran.
 */
export function HoursExportPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <>
      <PageHeader title={t('exports.hours.title')} description={t('exports.hours.description')} />
      <Stack gap="xl" maw={760}>
        <ExportPanel kind="hours" />
        {viewerCan(viewer, PEOPLE_RIGHTS.hours) ? <HourLockCard today={localDateString(new Date())} /> : null}
      </Stack>
    </>
  );
}
