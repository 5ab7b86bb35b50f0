import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useArticleSearch } from '../../articles/api';

interface Props {
  label: string;
  description?: ReactNode;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The label of the article chosen when the form was loaded. */
  initialLabel: string | null;
  error?: ReactNode;
}

const labelOf = (a: { sku: string; name: string }) => `${a.sku} · ${a.name}`;

/** A searchable select over the ERP articles (GET /api/articles?q=), for linking a material to its article. */
export function ArticleSelect({ label, description, value, onChange, initialLabel, error }: Props) {
  const { t } = useTranslation();
  const labels = useRef(new Map<number, string>());
  if (value !== null && initialLabel && !labels.current.has(value)) labels.current.set(value, initialLabel);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const current = value === null ? '' : (labels.current.get(value) ?? '');
  const [debounced] = useDebouncedValue(open && search !== current ? search.trim() : '', 250);
  const found = useArticleSearch(debounced, open);
  for (const a of found.data?.data ?? []) labels.current.set(a.id, labelOf(a));
  const ids = new Set<number>([...(value === null ? [] : [value]), ...(found.data?.data ?? []).map((a) => a.id)]);
  const data = [...ids].map((id) => ({ value: id, label: labels.current.get(id) ?? `#${id}` }));
  return (
    <Select<number>
      label={label}
      description={description}
      placeholder={t('robox.materials.form.searchArticle')}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchable
      clearable
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      filter={({ options }) => options}
      nothingFoundMessage={
        found.error
          ? errorMessage(t, found.error)
          : found.isFetching
            ? t('common.states.loading')
            : t('robox.materials.form.noArticles')
      }
      error={error}
    />
  );
}
