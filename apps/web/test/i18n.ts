import type { Locale } from '@app/shared/platform/locale';
import { applyLocale, i18n, initI18n } from '../src/lib/i18n';
import enBackoffice from '../src/locales/en/backoffice';
import en from '../src/locales/en/index';
import enPortal from '../src/locales/en/portal';
import nlBackoffice from '../src/locales/nl/backoffice';
import nl from '../src/locales/nl/index';
import nlPortal from '../src/locales/nl/portal';

/**
 * The app's own i18next instance (src/lib/i18n.ts, with react-i18next bound) holding all the real nl
 * and en catalogues (base, back office and portal), switched to the given language. Called before every test by setup.ts.
 */
export async function setTestLanguage(locale: Locale = 'nl'): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await initI18n(locale);
    // One bundle at a time, deep-merged, as the app loads them (`errors` and `portal` span two).
    for (const bundle of [nl, nlBackoffice, nlPortal]) i18n.addResourceBundle('nl', 'translation', bundle, true, true);
    for (const bundle of [en, enBackoffice, enPortal]) i18n.addResourceBundle('en', 'translation', bundle, true, true);
  }
  await applyLocale(locale);
  return i18n;
}

export { i18n };
