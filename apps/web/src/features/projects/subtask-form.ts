import type { OrderLineKind, OrderLineOption, Subtask, SubtaskInput } from '@app/shared/projects/tasks';

/** One order line as the form holds it: the quantity as typed (a Dutch comma is fine), a key for the list. */
export interface OrderLineValue {
  key: string;
  kind: OrderLineKind;
  itemId: number;
  name: string;
  sku: string | null;
  thumbUrl: string | null;
  quantity: string;
  notes: string;
}

export interface SubtaskValues {
  name: string;
  amount: number | string;
  assembly: string;
  assigneeId: number | null;
  notes: string;
  orderLines: OrderLineValue[];
}

let counter = 0;
/** A key for a line that has no id yet (a list needs a stable one to reorder). */
export const lineKey = (): string => `line-${++counter}`;

/**
 * A typed quantity as a number: "2,5" and "2.5" are 2.5, "1.250,75" (Dutch thousands) is 1250.75,
 * "1,250.75" (English thousands) too. Anything else (letters, empty) is NaN, which the schema refuses.
 */
export function parseQuantity(raw: string): number {
  const s = raw.trim().replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(s)) return Number.NaN;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let normal: string;
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    normal = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else normal = s.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normal)) return Number.NaN;
  return Number(normal);
}

/** A quantity for the field, in the UI language (2,5 in Dutch, 2.5 in English). */
export function formatQuantity(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false }).format(n);
}

export function subtaskToValues(s: Subtask, locale: string): SubtaskValues {
  return {
    name: s.name,
    amount: s.amount,
    assembly: s.assembly,
    assigneeId: s.assignee?.id ?? null,
    notes: s.notes,
    orderLines: s.orderLines.map((l) => ({
      key: `id-${l.id}`,
      kind: l.kind,
      itemId: l.itemId,
      name: l.name,
      sku: l.sku,
      thumbUrl: l.thumbUrl,
      quantity: formatQuantity(l.quantity, locale),
      notes: l.notes,
    })),
  };
}

export function subtaskToInput(v: SubtaskValues): SubtaskInput {
  return {
    name: v.name.trim(),
    amount: typeof v.amount === 'number' ? v.amount : v.amount === '' ? Number.NaN : Number(v.amount),
    assembly: v.assembly.trim(),
    assigneeId: v.assigneeId,
    notes: v.notes.trim(),
    orderLines: v.orderLines.map((l) => ({
      kind: l.kind,
      itemId: l.itemId,
      quantity: parseQuantity(l.quantity),
      notes: l.notes.trim(),
    })),
  };
}

/** A new line for a picked product or article: one of it, no notes. */
export function lineFromOption(o: OrderLineOption): OrderLineValue {
  return { key: lineKey(), kind: o.kind, itemId: o.id, name: o.name, sku: o.sku, thumbUrl: o.thumbUrl, quantity: '1', notes: '' };
}
