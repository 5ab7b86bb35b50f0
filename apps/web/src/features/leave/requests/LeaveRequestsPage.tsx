import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { LeaveRequestList } from './components/LeaveRequestList';

/**
 * users.archive-leave ('Verlofaanvragen'): one's own requests; with leave.manage or leave.approve
 * everyone's in reach, with a person filter and the decisions.
 */
export function LeaveRequestsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('leaveRequests.title')} description={t('leaveRequests.description')} />
      <LeaveRequestList />
    </>
  );
}
