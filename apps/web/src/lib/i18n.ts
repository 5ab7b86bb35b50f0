import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalog = Record<string, unknown>;

// Each language's catalogues are one chunk (locales/<lang>/index.ts), fetched when first needed.
// Keys read as feature.screen.item: t('auth.login.title').
const catalogs: Record<Locale, () => Promise<{ default: Catalog }>> = {
  nl: () => import('../locales/nl/index'),
  en: () => import('../locales/en/index'),
};

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

async function ensureCatalog(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const { default: catalog } = await catalogs[locale]();
  i18n.addResourceBundle(locale, 'translation', catalog, true, true);
}

/** Dutch first: the app starts in nl and falls back to nl (DESIGN section 7). */
export async function initI18n(initial: Locale = DEFAULT_LOCALE): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: initial,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Both catalogues hold the same keys (checked in CI), so the fallback language is not fetched up front.
  await applyLocale(initial);
  return i18n;
}

/** Switches the UI language, the date locale and the document language together. */
export async function applyLocale(locale: Locale): Promise<void> {
  await ensureCatalog(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  const { setDateLocale } = await import('./dates');
  setDateLocale(locale);
}

export { i18n };
