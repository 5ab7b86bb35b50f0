import { Button, Group, Modal, type ModalProps, type OptionsFilter } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import type { FieldErrorOptions } from '../../../lib/errors';
import { useProjectOptions } from '../api';

/** Phones get the form full screen. */
export const PHONE_QUERY = '(max-width: 48em)';

/** Today as yyyy-mm-dd, the date a new form starts with. */
export const today = () => new Date().toISOString().slice(0, 10);

type Option = { id: number; name: string };

/** Options for a select; the current choice stays offered even when it was switched off since. */
export function withCurrent(list: Option[] | undefined, current: Option | undefined) {
  const options = (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  if (current && !options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.name });
  return options;
}

/** The server searched already: every option it sent is shown. */
const passThrough: OptionsFilter<number> = ({ options }) => options;

/** A project select's search (asked of the server, debounced) and options, with the current project kept. */
export function useProjectSearch(current: Option | undefined) {
  const [searchValue, onSearchChange] = useState('');
  const [debounced] = useDebouncedValue(searchValue, 250);
  const projects = useProjectOptions(debounced);
  return {
    data: withCurrent(projects.data, current),
    searchable: true,
    searchValue,
    onSearchChange,
    filter: passThrough,
  };
}

/**
 * The modal of a declaration or overnight stay form: full screen on a phone; closing with unsaved
 * changes asks first; the form starts afresh per record (`editing` null: new, undefined: closed).
 */
export function FormModal<T extends { id: number }>(p: {
  editing: T | null | undefined;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  children: (form: { onCancel: () => void; closeGuard: CloseGuard }) => ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const { close, closeGuard } = useGuardedClose(p.onClose);
  const opened = p.editing !== undefined;
  return (
    <Modal opened={opened} onClose={close} centered size={p.size} fullScreen={phone} title={p.title}>
      {opened ? <Fragment key={p.editing?.id ?? 'new'}>{p.children({ onCancel: close, closeGuard })}</Fragment> : null}
    </Modal>
  );
}

/**
 * The editor's save: a new one is posted as is (for `employeeId` when set); a change goes with the
 * version it was based on and never moves the record to another person.
 */
export function saveNewOrChange<V, I extends { employeeId?: number }, U, R>(
  mutateAsync: (v: { id: null; input: I } | { id: number; input: U }) => Promise<R>,
  toInput: (values: V) => I,
) {
  return (values: V, base: { id: number; version: number } | undefined): Promise<R> => {
    const input = toInput(values);
    if (!base) return mutateAsync({ id: null, input });
    const { employeeId: _, ...rest } = input;
    return mutateAsync({ id: base.id, input: { ...rest, version: base.version } as U });
  };
}

/** The editor of a declaration or overnight stay: a new one starts `empty`; the toast says saved or created. */
export function useRecordEditor<
  // biome-ignore lint/suspicious/noExplicitAny: the same constraint as useForm's own
  V extends Record<string, any>,
  R extends { id: number; version: number },
  I extends { employeeId?: number },
  U,
>(o: {
  editing: R | null;
  empty: V;
  toValues: (record: R) => V;
  validate: (values: V) => FormErrors;
  fieldErrors: FieldErrorOptions;
  mutateAsync: (v: { id: null; input: NoInfer<I> } | { id: number; input: U }) => Promise<R>;
  toInput: (values: V) => I;
  texts: { saved: string; created: string };
  onDone: (saved: R) => void;
  closeGuard: CloseGuard;
}) {
  const { t } = useTranslation();
  return useEditor<V, R>({
    initialValues: o.editing ? o.toValues(o.editing) : o.empty,
    base: o.editing ?? undefined,
    validate: o.validate,
    fieldErrors: o.fieldErrors,
    save: saveNewOrChange<V, I, U, R>(o.mutateAsync, o.toInput),
    toValues: o.toValues,
    savedMessage: () => t(o.editing ? o.texts.saved : o.texts.created),
    onSaved: o.onDone,
    closeGuard: o.closeGuard,
  });
}

/** Cancel, and save (or `createLabel` for a new one). */
export function FormButtons(p: {
  isNew: boolean;
  createLabel: string;
  busy: boolean;
  onCancel: () => void;
  /** At the start of the row (a saved record's history). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      {p.extra ? <div style={{ marginRight: 'auto' }}>{p.extra}</div> : null}
      <Button variant="default" onClick={p.onCancel}>
        {t('common.actions.cancel')}
      </Button>
      <Button type="submit" loading={p.busy}>
        {p.isNew ? p.createLabel : t('common.actions.save')}
      </Button>
    </Group>
  );
}
