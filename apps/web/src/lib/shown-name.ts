import { shownName } from '@app/shared/platform/shown-name';
import { useTranslation } from 'react-i18next';

/**
 * The reader's name of something named in two languages (a leave type, a declaration category or
 * payment type): `shown(x)` is the English name in English when there is one, else the Dutch name.
 */
export function useShownName(): (x: { name: string; nameEn: string }) => string {
  const { i18n } = useTranslation();
  return (x) => shownName(x, i18n.language);
}
