import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useViewer } from '../../auth/viewer';
import { UserHeader } from '../../users/components/UserHeader';
import { HoursWeekView } from '../components/HoursWeekView';

/** hours.mine ('Mijn uren'): the signed-in employee's own week of hours, to book on (also on a phone). */
export function MyHoursPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('hours.mine.title')} description={t('hours.mine.intro')} />
      <HoursWeekView employeeId={undefined} />
    </>
  );
}

/**
 * users.show-hours ('Uren' of an employee): their week of hours; one's own, or anyone's with
 * hours.manage (the server answers 404 otherwise, which the week shows).
 */
export function UserBookedHoursPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const viewer = useViewer();
  const own = viewer.employeeId === userId;
  return (
    <>
      <UserHeader userId={userId} title={t('hours.booked.title')} />
      <HoursWeekView employeeId={own ? undefined : userId} />
    </>
  );
}
