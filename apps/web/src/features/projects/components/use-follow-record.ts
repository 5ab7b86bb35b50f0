import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { type RefObject, useEffect, useRef } from 'react';

interface FollowingEditor<V> {
  form: UseFormReturnType<V>;
  busy: boolean;
  isDirty: boolean;
}

/**
 * Keeps an open editor on the newest copy of its record while it has no unsaved changes: a
 * change made beside the form (completing the task, a ticket on it, closing a sub-task) moves
 * the record's version, and the form quietly starts again from the newest copy, so the next save
 * is not refused as stale. With unsaved changes the form keeps them; a save then meets 409 and
 * the stale banner offers the newest copy. The form stays mounted, so focus stays where it was.
 *
 * Returns the copy the edit is based on: save with its version, and set it to what a save or a
 * reload answers.
 */
export function useFollowRecord<V, R extends { version: number }>(
  editor: FollowingEditor<V>,
  record: R,
  toValues: (record: R) => V,
): RefObject<R> {
  const base = useRef(record);
  useEffect(() => {
    if (record.version === base.current.version || editor.busy || editor.isDirty) return;
    base.current = record;
    const values = toValues(record);
    editor.form.setInitialValues(values);
    editor.form.setValues(values);
    editor.form.resetDirty(values);
    editor.form.setErrors({} as FormErrors);
  });
  return base;
}
