import { Group, NativeSelect, Tabs, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListParams } from '../lib/use-list-params';

type Width = number;
const responsive = (w: Width) => ({ base: '100%', sm: w });

/**
 * A list's tabs, in the URL as `tab` (the default tab leaves the URL); the list under them
 * (`children`: its toolbar and table) is the open tab's panel.
 */
export function ListTabs<T extends string>({
  list$,
  tabs,
  value,
  defaultTab,
  label,
  children,
}: {
  list$: Pick<ListParams<string>, 'setFilters'>;
  tabs: readonly T[];
  value: T;
  defaultTab: T;
  /** A tab's text. */
  label: (tab: T) => string;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} onChange={(v) => list$.setFilters({ tab: v === defaultTab ? null : v })} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((x) => (
          <Tabs.Tab key={x} value={x}>
            {label(x)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={value}>{children}</Tabs.Panel>
    </Tabs>
  );
}

/** The row above a list: the search, the filters, the sort, "clear filters", and actions at its end. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {children}
    </Group>
  );
}

/** The list's search (debounced into the URL as `q`); `label` is its placeholder and its accessible name. */
export function ListSearch({
  list$,
  label,
  width,
  type,
}: {
  list$: Pick<ListParams<string>, 'search' | 'setSearch'>;
  label: string;
  width: Width;
  type?: 'search';
}) {
  return (
    <TextInput
      type={type}
      placeholder={label}
      aria-label={label}
      leftSection={<IconSearch size={16} />}
      value={list$.search}
      onChange={(e) => list$.setSearch(e.currentTarget.value)}
      w={responsive(width)}
    />
  );
}

/**
 * The list's sort (in the URL as `sort`, the default leaves it): `label` names it, shown above it
 * with `visibleLabel`, else as its accessible name only.
 */
export function ListSort<S extends string>({
  list$,
  sorts,
  sortLabel,
  label,
  visibleLabel = false,
  width,
}: {
  list$: Pick<ListParams<string>, 'sort' | 'setSort'>;
  sorts: readonly S[];
  /** A sort's text in the select. */
  sortLabel: (sort: S) => string;
  label: string;
  visibleLabel?: boolean;
  width: Width;
}) {
  return (
    <NativeSelect
      {...(visibleLabel ? { label } : { 'aria-label': label })}
      data={sorts.map((s) => ({ value: s, label: sortLabel(s) }))}
      value={list$.sort}
      onChange={(e) => list$.setSort(e.currentTarget.value)}
      w={responsive(width)}
    />
  );
}
