/** Escapes LIKE wildcards so a search for "50%" looks for the text "50%". */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
