const mm = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

/** '18 mm', '0,8 mm'; null when unknown. */
export const formatMm = (v: number | null): string | null => (v === null ? null : `${mm.format(v)} mm`);

/** '2800 × 2070 mm'; null when both are unknown. */
export function formatSheet(length: number | null, width: number | null): string | null {
  if (length === null && width === null) return null;
  const f = (v: number | null) => (v === null ? '?' : mm.format(v));
  return `${f(length)} × ${f(width)} mm`;
}
