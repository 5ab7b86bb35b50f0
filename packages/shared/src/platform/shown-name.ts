import type { Locale } from './locale';

/**
 * The name a reader sees of something named in two languages (leave types, declaration
 * categories and payment types): the English name in English when there is one, else the Dutch
 * name (an empty English name means 'the same as the Dutch').
 */
export function shownName(x: { name: string; nameEn: string }, locale: Locale | string): string {
  return locale === 'en' && x.nameEn.trim() ? x.nameEn : x.name;
}
