import { localName } from '@app/shared/products/attributes';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductSearch } from '../api';

export interface ProductRef {
  id: number;
  nameNl: string;
  nameEn: string;
}

/**
 * Options from a server search. Labels of every product seen are remembered, so the chosen ones keep
 * their names when they are not in the current page of results.
 */
function useProductOptions(
  query: string,
  known: readonly ProductRef[],
  selected: readonly number[],
  excludeId: number,
  enabled: boolean,
) {
  const { i18n } = useTranslation();
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const found = useProductSearch(debounced, enabled);
  const labels = useRef(new Map<number, string>());
  for (const p of known) labels.current.set(p.id, localName(p, i18n.language));
  for (const p of found.data?.data ?? []) labels.current.set(p.id, localName(p, i18n.language));
  const ids = new Set<number>([...selected, ...(found.data?.data ?? []).map((p) => p.id)]);
  ids.delete(excludeId);
  const data = [...ids].map((id) => ({ value: id, label: labels.current.get(id) ?? `#${id}` }));
  return { data, labelOf: (id: number | null) => (id === null ? '' : (labels.current.get(id) ?? '')), loading: found.isFetching };
}

interface SingleProps {
  label: string;
  description?: ReactNode;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The product being edited: never offered. */
  excludeId: number;
  /** Products whose names are known already (the current parent, the related products). */
  known: readonly ProductRef[];
  error?: ReactNode;
  id?: string;
}

/** A searchable select over products (the parent product). */
export function ProductSelect({ label, description, value, onChange, excludeId, known, error, id }: SingleProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const probe = useProductOptions('', known, value === null ? [] : [value], excludeId, false);
  const currentLabel = probe.labelOf(value);
  // Mantine puts the chosen product's name in the box: that is not a search.
  const query = open && search !== currentLabel ? search : '';
  const { data, loading } = useProductOptions(query, known, value === null ? [] : [value], excludeId, open);
  return (
    <Select<number>
      id={id}
      label={label}
      description={description}
      placeholder={t('products.edit.searchProduct')}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchable
      clearable
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      // The server has already searched; show what it found.
      filter={({ options }) => options}
      nothingFoundMessage={loading ? t('common.states.loading') : t('products.edit.noProductsFound')}
      error={error}
    />
  );
}

interface MultiProps extends Omit<SingleProps, 'value' | 'onChange'> {
  value: number[];
  onChange: (ids: number[]) => void;
}

/** A searchable multi-select over products (related products). */
export function ProductMultiSelect({ label, description, value, onChange, excludeId, known, error, id }: MultiProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const { data, loading } = useProductOptions(search, known, value, excludeId, open);
  return (
    <MultiSelect<number>
      id={id}
      label={label}
      description={description}
      placeholder={value.length ? undefined : t('products.edit.searchProduct')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      filter={({ options }) => options}
      nothingFoundMessage={loading ? t('common.states.loading') : t('products.edit.noProductsFound')}
      error={error}
    />
  );
}
