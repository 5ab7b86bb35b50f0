import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/platform/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalog = Record<string, unknown>;

// Each language's catalogues come in lazy chunks: what every visitor needs (locales/<lang>/index.ts),
// the back office's (locales/<lang>/backoffice.ts, only once an employee's route set loads) and the
// portal's (locales/<lang>/portal.ts, only once the customer route set loads).
// Keys read as feature.screen.item: t('auth.login.title').
type Bundle = 'base' | 'backoffice' | 'portal';
const catalogs: Record<Bundle, Record<Locale, () => Promise<{ default: Catalog }>>> = {
  base: { nl: () => import('../locales/nl/index'), en: () => import('../locales/en/index') },
  backoffice: { nl: () => import('../locales/nl/backoffice'), en: () => import('../locales/en/backoffice') },
  portal: { nl: () => import('../locales/nl/portal'), en: () => import('../locales/en/portal') },
};
const loaded = new Set<string>();
const enabled = new Set<Exclude<Bundle, 'base'>>();

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

async function ensureCatalog(locale: Locale, bundle: Bundle): Promise<void> {
  const key = `${locale}:${bundle}`;
  if (loaded.has(key)) return;
  const { default: catalog } = await catalogs[bundle][locale]();
  i18n.addResourceBundle(locale, 'translation', catalog, true, true);
  loaded.add(key);
}

/** Loads the back office's texts (now and on every later language switch). */
export async function enableBackofficeCatalogs(): Promise<void> {
  enabled.add('backoffice');
  await ensureCatalog(currentLocale(), 'backoffice');
}

/** Loads the portal pages' texts (now and on every later language switch). */
export async function enablePortalCatalogs(): Promise<void> {
  enabled.add('portal');
  await ensureCatalog(currentLocale(), 'portal');
}

function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Dutch first: the app starts in nl and falls back to nl (R2). */
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
  // The date locale's chunk comes alongside the catalogues, not after them.
  const dates = import('./dates');
  await Promise.all([ensureCatalog(locale, 'base'), ...[...enabled].map((bundle) => ensureCatalog(locale, bundle))]);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  (await dates).setDateLocale(locale);
}

export { i18n };
