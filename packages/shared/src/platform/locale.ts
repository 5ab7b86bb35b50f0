// Constants only: the web app's first screen imports this, and zod stays out of that bundle.
export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';
