import { ORDER_LINE_KINDS, type OrderLineKind, type OrderLineOption } from '@app/shared/projects/tasks';
import { Group, Input, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumb } from '../../../components/Thumb';
import { errorMessage } from '../../../lib/errors';
import { useOrderLineOptions } from '../tasks-api';

/**
 * Finds a catalogue product or an ERP article as you type (debounced, GET /api/order-line-options)
 * and hands the chosen one over; the field empties again for the next. Each option shows its
 * picture, name and sku.
 */
export function ItemPicker({ onPick, disabled }: { onPick: (option: OrderLineOption) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const kindLabelId = useId();
  const [kind, setKind] = useState<OrderLineKind>('product');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useOrderLineOptions(kind, debounced, open || debounced !== '');
  const byId = useRef(new Map<number, OrderLineOption>());
  for (const o of found.data ?? []) byId.current.set(o.id, o);
  const data = (found.data ?? []).map((o) => ({ value: o.id, label: o.sku ? `${o.name} (${o.sku})` : o.name }));

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Input.Label id={kindLabelId} component="div">
            {t('tasks.orderLines.kind')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            value={kind}
            onChange={(v) => {
              setKind(v as OrderLineKind);
              byId.current.clear();
            }}
            data={ORDER_LINE_KINDS.map((k) => ({ value: k, label: t(`tasks.orderLines.kinds.${k}`) }))}
            disabled={disabled}
          />
        </Stack>
        <Select<number>
          label={t(`tasks.orderLines.search.${kind}`)}
          placeholder={t('tasks.orderLines.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          data={data}
          value={null}
          onChange={(id) => {
            const picked = id === null ? undefined : byId.current.get(id);
            if (picked) onPick(picked);
            setSearch('');
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          onDropdownOpen={() => setOpen(true)}
          onDropdownClose={() => setOpen(false)}
          filter={({ options }) => options}
          renderOption={({ option }) => {
            const o = byId.current.get(Number(option.value));
            return (
              <Group gap="sm" wrap="nowrap">
                <Thumb src={o?.thumbUrl} alt="" width={36} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {o?.name ?? option.label}
                  </Text>
                  {o?.sku ? (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {o.sku}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            );
          }}
          nothingFoundMessage={
            found.error
              ? errorMessage(t, found.error)
              : found.isFetching
                ? t('common.states.loading')
                : t('tasks.orderLines.nothingFound')
          }
          // The list itself scrolls (not a scroll area around it): a combobox's listbox is reached
          // with the arrow keys from the field, which axe accepts; a scroll area would be a
          // scrollable region no key reaches (scrollable-region-focusable).
          withScrollArea={false}
          styles={{ options: { maxHeight: 320, overflowY: 'auto' } }}
          disabled={disabled}
          style={{ flex: '1 1 16rem', minWidth: 0 }}
        />
      </Group>
    </Stack>
  );
}
