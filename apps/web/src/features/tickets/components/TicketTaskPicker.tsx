import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaTitle } from '../../projects/area-label';
import { useTicketTaskSearch } from '../api';

/** A task as the picker names it. */
export interface TaskRef {
  id: number;
  name: string;
  areaName: string;
  areaNumber?: string;
}

const labelOf = (x: TaskRef) => {
  const area = areaTitle({ number: x.areaNumber, name: x.areaName });
  return area ? `${x.name} · ${area}` : x.name;
};

interface Props {
  projectId: number;
  label: string;
  description?: ReactNode;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The task already linked (its name is known before any search). */
  known?: TaskRef | null;
  error?: ReactNode;
  disabled?: boolean;
  id?: string;
}

/**
 * The task a ticket is about: a select over the project's tasks that searches on the server as
 * you type (task name, area name or number). The chosen task keeps its name while other results show.
 */
export function TicketTaskPicker({ projectId, label, description, value, onChange, known, error, disabled, id }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const labels = useRef(new Map<number, string>());
  if (known) labels.current.set(known.id, labelOf(known));
  const current = value === null ? '' : (labels.current.get(value) ?? '');
  // Mantine writes the chosen task's label into the box: that is not a search.
  const query = open && search !== current ? search.trim() : '';
  const [debounced] = useDebouncedValue(query, 250);
  const found = useTicketTaskSearch(projectId, debounced, open);
  for (const x of found.data ?? []) labels.current.set(x.id, labelOf(x));
  const ids = new Set<number>([...(value === null ? [] : [value]), ...(found.data ?? []).map((x) => x.id)]);
  const data = [...ids].map((x) => ({ value: x, label: labels.current.get(x) ?? `#${x}` }));
  return (
    <Select<number>
      id={id}
      label={label}
      description={description}
      placeholder={t('tickets.fields.taskPlaceholder')}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchable
      clearable
      // Clearing is the X; clicking the chosen task again keeps it.
      allowDeselect={false}
      disabled={disabled}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      // The server has already searched; show what it found.
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('common.states.loading') : t('tickets.fields.noTaskFound')}
      error={error}
    />
  );
}
