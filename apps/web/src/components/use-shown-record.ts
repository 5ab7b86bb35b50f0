import { useEffect, useRef, useState } from 'react';

/**
 * The copy of a record an editor page shows: the loaded one, replaced by a newer server copy
 * (archived or restored elsewhere) only while the form has no unsaved changes; with unsaved
 * changes the form keeps its copy and a save meets the stale banner. Pass the editor
 * `onDirtyChange`; key the editor on `${shown.id}:${shown.version}` so a new copy starts afresh.
 */
export function useShownRecord<R extends { id: number; version: number }>(loaded: R | undefined) {
  const [shown, setShown] = useState<R | undefined>(undefined);
  const dirty = useRef(false);
  useEffect(() => {
    if (!loaded) return;
    setShown((prev) => (!prev || prev.id !== loaded.id || (prev.version !== loaded.version && !dirty.current) ? loaded : prev));
  }, [loaded]);
  const onDirtyChange = useRef((d: boolean) => {
    dirty.current = d;
  }).current;
  return { shown, onDirtyChange };
}
