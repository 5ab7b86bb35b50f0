import { type ApprovalRule, MAX_APPROVERS } from '@app/shared/drawings/approvers.rules';
import type { Drawing } from '@app/shared/drawings/drawings';
import { MultiSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useApproverChoices } from '../approvers-api';

/** The deadline and the named approvers of a drawing, as the form holds them. */
export interface ApprovalValues {
  /** YYYY-MM-DD, or '' for none. */
  dueDate: string;
  approvalRule: ApprovalRule;
  /** Account ids as strings (the MultiSelect's values). */
  approverIds: string[];
}

export const emptyApproval = (): ApprovalValues => ({ dueDate: '', approvalRule: 'any', approverIds: [] });

export const approvalToValues = (d: Drawing): ApprovalValues => ({
  dueDate: d.dueDate ?? '',
  approvalRule: d.approvalRule,
  approverIds: d.approvers.map((a) => String(a.id)),
});

export const approvalInput = (v: ApprovalValues) => ({
  dueDate: v.dueDate || null,
  approvalRule: v.approvalRule,
  approverIds: v.approverIds.map(Number),
});

interface Props<V extends ApprovalValues & { companyId: string | null }> {
  form: UseFormReturnType<V>;
  /** The drawing as loaded: its approvers shown even when no longer among the choices. */
  current?: Drawing;
}

/**
 * Due date, approvers (the client's users who can sign in) and, with two or more approvers, whether
 * any one or all of them must approve. Lives in the staff create and edit form.
 */
export function ApprovalFields<V extends ApprovalValues & { companyId: string | null }>({ form, current }: Props<V>) {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const companyId = form.values.companyId ? Number(form.values.companyId) : null;
  const choices = useApproverChoices(projectId, companyId);
  const data = (choices.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (current && companyId === current.company.id) {
    for (const a of current.approvers) {
      if (!data.some((d) => d.value === String(a.id))) data.push({ value: String(a.id), label: a.name });
    }
  }
  const values = form.values as ApprovalValues;
  // biome-ignore lint/suspicious/noExplicitAny: the form's paths are this component's own fields
  const input = (path: keyof ApprovalValues) => form.getInputProps(path as any);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('approvals.dueDate')} description={t('approvals.dueDateHelp')} type="date" {...input('dueDate')} />
        <MultiSelect
          label={t('approvals.approvers')}
          description={companyId === null ? t('approvals.approversNeedClient') : t('approvals.approversHelp')}
          placeholder={values.approverIds.length ? undefined : t('approvals.approversPlaceholder')}
          data={data}
          disabled={companyId === null}
          searchable
          clearable
          maxValues={MAX_APPROVERS}
          {...input('approverIds')}
          error={input('approverIds').error ?? (choices.isError ? t('approvals.approversLoadFailed') : undefined)}
        />
      </SimpleGrid>
      {values.approverIds.length > 1 ? (
        <Radio.Group label={t('approvals.rule')} {...input('approvalRule')}>
          <Stack gap={6} mt={6}>
            {(['any', 'all'] as const).map((r) => (
              <Radio key={r} value={r} label={t(`approvals.rules.${r}`)} description={t(`approvals.ruleText.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
    </Stack>
  );
}
