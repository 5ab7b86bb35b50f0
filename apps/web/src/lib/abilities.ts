import type { Abilities } from '@app/shared/platform/abilities';
import type { ErrorCode } from '@app/shared/platform/errors';
import type { TFunction } from 'i18next';

/**
 * Why the server says no to one of a record's abilities, in words; null when it says yes. The
 * caller's own sentence for the code is used when it has one (e.g. one that names the count),
 * else errors.<CODE>. The server decides; the page only explains.
 */
export function deniedReason<K extends string>(
  t: TFunction,
  abilities: Abilities<K>,
  key: K,
  texts: Partial<Record<ErrorCode, string>> = {},
): string | null {
  if (abilities[key]) return null;
  const code = abilities.reasons[key] ?? 'FORBIDDEN';
  return texts[code] ?? t(`errors.${code}`, { defaultValue: t('errors.FORBIDDEN') });
}
