import type { Drawing } from '@app/shared/drawings/drawings';
import type { UseFormReturnType } from '@mantine/form';
import { useParams } from 'react-router';
import { type ApprovalValues, ApprovalFields as Fields } from '../../../components/approvals/ApprovalFields';
import { useApproverChoices } from '../approvers-api';

export {
  type ApprovalValues,
  approvalInput,
  approvalToValues,
  emptyApproval,
} from '../../../components/approvals/ApprovalFields';

interface Props<V extends ApprovalValues & { companyId: string | null }> {
  form: UseFormReturnType<V>;
  /** The drawing as loaded: its approvers shown even when no longer among the choices. */
  current?: Drawing;
}

/** The drawing's due date and approvers: the choices are the users of the client picked in the form. */
export function ApprovalFields<V extends ApprovalValues & { companyId: string | null }>({ form, current }: Props<V>) {
  const projectId = Number(useParams().projectId);
  const companyId = form.values.companyId ? Number(form.values.companyId) : null;
  const choices = useApproverChoices(projectId, companyId);
  return (
    <Fields
      form={form}
      choices={choices}
      needsCompany={companyId === null}
      current={current && companyId === current.company.id ? current.approvers : []}
    />
  );
}
