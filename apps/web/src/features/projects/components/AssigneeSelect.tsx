import type { NamedRef } from '@app/shared/projects/projects';
import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployeeOptions } from '../employees-api';

interface Props {
  label: string;
  value?: number | null;
  onChange: (id: number | null) => void;
  /** The assignee the record was loaded with: shown even when no longer among the options (left the company). */
  current?: NamedRef | null;
  error?: ReactNode;
  disabled?: boolean;
  onBlur?: () => void;
}

/** The employee a task or sub-task is assigned to (searchable; empty is "nobody"). */
export function AssigneeSelect({ label, value, onChange, current, error, disabled, onBlur }: Props) {
  const { t } = useTranslation();
  const employees = useEmployeeOptions();
  const options = (employees.data ?? []).map((e) => ({
    value: e.id,
    label: e.function ? `${e.name} (${e.function})` : e.name,
  }));
  if (current && !options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.name });
  return (
    <Select<number>
      label={label}
      placeholder={employees.isLoading ? t('common.states.loading') : t('tasks.unassigned')}
      data={options}
      value={value ?? null}
      onChange={(v) => onChange(v)}
      onBlur={onBlur}
      searchable
      clearable
      nothingFoundMessage={t('tasks.noEmployees')}
      error={error}
      disabled={disabled}
    />
  );
}
