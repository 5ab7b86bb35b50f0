/** A route param named like `articleId` or `roboxMaterialId` holds a database id. */
export const isIdParam = (name: string): boolean => /^[a-z][A-Za-z0-9]*Id$/.test(name);

/** What a serial id can be: a positive integer within PostgreSQL's integer, written plainly. */
export function validIdParam(value: string | undefined): boolean {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
}
