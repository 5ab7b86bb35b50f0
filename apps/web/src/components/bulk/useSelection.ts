import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * A list's selection for bulk actions: the rows ticked one by one, or "all N matching the filter"
 * (then the server reads the rows with the list's own query, so rows on other pages count too).
 * It empties when the filter changes (`resetKey`: the list's query without its page), so an action
 * never runs on rows the person can no longer see.
 */
export interface Selection {
  /** Ticked ids (in "all" mode: the ticked rows of the pages seen, for the checkboxes). */
  readonly ids: ReadonlySet<number>;
  /** Every row matching the filter. */
  readonly all: boolean;
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  /** Ticks or unticks these rows (the header checkbox: the visible page). */
  setMany: (ids: readonly number[], on: boolean) => void;
  selectAll: () => void;
  clear: () => void;
  /** How many rows an action would change, given the list's total. */
  count: (total: number) => number;
}

export function useSelection(resetKey: string): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const [all, setAll] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter is the reason to start over
  useEffect(() => {
    setIds(new Set());
    setAll(false);
  }, [resetKey]);

  const toggle = useCallback((id: number) => {
    // Unticking one row leaves "all matching": the selection becomes what is ticked.
    setAll(false);
    setIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const setMany = useCallback((many: readonly number[], on: boolean) => {
    if (!on) setAll(false);
    setIds((prev) => {
      const next = new Set(prev);
      for (const id of many) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setAll(false);
    setIds(new Set());
  }, []);
  const selectAll = useCallback(() => setAll(true), []);

  return useMemo(
    () => ({
      ids,
      all,
      isSelected: (id: number) => all || ids.has(id),
      toggle,
      setMany,
      selectAll,
      clear,
      count: (total: number) => (all ? total : ids.size),
    }),
    [ids, all, toggle, setMany, selectAll, clear],
  );
}
