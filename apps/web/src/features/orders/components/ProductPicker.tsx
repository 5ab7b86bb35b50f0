import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumb } from '../../../components/Thumb';
import { type OrderSide, type ProductOption, useProductOptions } from '../api';

interface Props {
  side: OrderSide;
  label: string;
  description?: ReactNode;
  value: number | null;
  onChange: (product: ProductOption | null) => void;
  /** The product already chosen (its name is known before any search). */
  known?: ProductOption | null;
  error?: ReactNode;
  required?: boolean;
  id?: string;
}

/**
 * A catalogue product: a select that searches on the server as you type (the portal the public
 * catalogue, the back office every product). Each option shows its thumbnail.
 */
export function ProductPicker({ side, label, description, value, onChange, known, error, required, id }: Props) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const options = useRef(new Map<number, ProductOption>());
  if (known) options.current.set(known.id, known);
  const current = value === null ? '' : (options.current.get(value)?.name ?? '');
  // Mantine writes the chosen product's name into the box: that is not a search.
  const query = open && search !== current ? search.trim() : '';
  const [debounced] = useDebouncedValue(query, 250);
  const found = useProductOptions(side, debounced, i18n.language, open);
  for (const x of found.data ?? []) options.current.set(x.id, x);
  const ids = new Set<number>([...(value === null ? [] : [value]), ...(found.data ?? []).map((x) => x.id)]);
  const data = [...ids].map((x) => ({ value: String(x), label: options.current.get(x)?.name ?? `#${x}` }));
  return (
    <Select
      id={id}
      label={label}
      description={description}
      placeholder={t('orders.productPicker.placeholder')}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : (options.current.get(Number(v)) ?? null))}
      searchable
      clearable
      required={required}
      allowDeselect={false}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      // The server has already searched; show what it found.
      filter={({ options: o }) => o}
      renderOption={({ option }) => {
        const p = options.current.get(Number(option.value));
        return (
          <Group gap="sm" wrap="nowrap">
            <Thumb src={p?.thumbUrl} alt="" width={32} />
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
      nothingFoundMessage={found.isFetching ? t('common.states.loading') : t('orders.productPicker.nothing')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
