/**
 * An area as lists and pickers name it: "5001 · Hut 5001" would say the number twice, so a name
 * that already holds its number stands alone ("Hut 5001"); otherwise the number goes first
 * ("A12 · Spa"), and a row without a number is its name.
 */
export function areaTitle(a: { number?: string | undefined; name: string }): string {
  if (!a.number || a.name.includes(a.number)) return a.name;
  return `${a.number} · ${a.name}`;
}
