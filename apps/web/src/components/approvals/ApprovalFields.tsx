import type { Approver, ApproverChoice } from '@app/shared/platform/approvers';
import { type ApprovalRule, MAX_APPROVERS } from '@app/shared/platform/approvers.rules';
import { MultiSelect, Radio, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../dates/DateField';

/** The deadline and the named approvers of a record (a drawing, an order's design), as a form holds them. */
export interface ApprovalValues {
  /** YYYY-MM-DD, or '' for none. */
  dueDate: string;
  approvalRule: ApprovalRule;
  /** Account ids as strings (the MultiSelect's values). */
  approverIds: string[];
}

export const emptyApproval = (): ApprovalValues => ({ dueDate: '', approvalRule: 'any', approverIds: [] });

export const approvalToValues = (r: {
  dueDate: string | null;
  approvalRule: ApprovalRule;
  approvers: readonly Approver[];
}): ApprovalValues => ({
  dueDate: r.dueDate ?? '',
  approvalRule: r.approvalRule,
  approverIds: r.approvers.map((a) => String(a.id)),
});

export const approvalInput = (v: ApprovalValues) => ({
  dueDate: v.dueDate || null,
  approvalRule: v.approvalRule,
  approverIds: v.approverIds.map(Number),
});

interface Props<V extends ApprovalValues> {
  form: UseFormReturnType<V>;
  /** Who can be named (the company's users who can sign in), as loaded. */
  choices: { data?: readonly ApproverChoice[] | undefined; isError: boolean };
  /** No company chosen yet: the approvers wait for it. */
  needsCompany?: boolean;
  /** The approvers named already: shown even when no longer among the choices. */
  current?: readonly { id: number; name: string }[];
}

/**
 * Due date, approvers (the company's users who can sign in) and, with two or more approvers,
 * whether any one or all of them must approve. Lives in the staff forms of drawings and orders.
 */
export function ApprovalFields<V extends ApprovalValues>({ form, choices, needsCompany = false, current = [] }: Props<V>) {
  const { t } = useTranslation();
  const data = (choices.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  for (const a of current) {
    if (!data.some((d) => d.value === String(a.id))) data.push({ value: String(a.id), label: a.name });
  }
  const values = form.values as ApprovalValues;
  // biome-ignore lint/suspicious/noExplicitAny: the form's paths are this component's own fields
  const input = (path: keyof ApprovalValues) => form.getInputProps(path as any);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateField label={t('approvals.dueDate')} description={t('approvals.dueDateHelp')} {...input('dueDate')} />
        <MultiSelect
          label={t('approvals.approvers')}
          description={needsCompany ? t('approvals.approversNeedClient') : t('approvals.approversHelp')}
          placeholder={values.approverIds.length ? undefined : t('approvals.approversPlaceholder')}
          data={data}
          disabled={needsCompany}
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
