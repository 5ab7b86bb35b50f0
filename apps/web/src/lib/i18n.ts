import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/locale';
import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import 'dayjs/locale/en';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalog = Record<string, unknown>;

// Every locales/<lang>/<feature>.json becomes the <feature> branch of that language's catalogue,
// so keys read as feature.screen.item: t('auth.login.title').
const files = import.meta.glob<Catalog>('../locales/*/*.json', { eager: true, import: 'default' });

function buildResources(): Record<Locale, { translation: Catalog }> {
  const out = { nl: { translation: {} }, en: { translation: {} } } as Record<Locale, { translation: Catalog }>;
  for (const [file, catalog] of Object.entries(files)) {
    const m = file.match(/locales\/(nl|en)\/([\w-]+)\.json$/);
    if (!m) continue;
    const [, lang, feature] = m as unknown as [string, Locale, string];
    out[lang].translation[feature] = catalog;
  }
  return out;
}

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

/** Dutch first: the app starts in nl and falls back to nl (DESIGN section 7). */
export async function initI18n(initial: Locale = DEFAULT_LOCALE): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: buildResources(),
    lng: initial,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLocale(initial);
  return i18n;
}

/** Switches the UI language, the dayjs locale and the document language together. */
export function applyLocale(locale: Locale): void {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  dayjs.locale(locale);
  document.documentElement.lang = locale;
}

export { i18n };
