import type { Locale } from '@app/shared/platform/locale';
import { applyLocale, i18n, initI18n } from '../src/lib/i18n';
import enBackoffice from '../src/locales/en/backoffice';
import en from '../src/locales/en/index';
import nlBackoffice from '../src/locales/nl/backoffice';
import nl from '../src/locales/nl/index';

/**
 * The app's own i18next instance (src/lib/i18n.ts, with react-i18next bound) holding the real nl
 * and en catalogues, switched to the given language. Called before every test by setup.ts.
 */
export async function setTestLanguage(locale: Locale = 'nl'): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await initI18n(locale);
    i18n.addResourceBundle('nl', 'translation', { ...nl, ...nlBackoffice }, true, true);
    i18n.addResourceBundle('en', 'translation', { ...en, ...enBackoffice }, true, true);
  }
  await applyLocale(locale);
  return i18n;
}

export { i18n };
