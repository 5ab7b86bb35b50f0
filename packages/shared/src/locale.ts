import { z } from 'zod';

export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';
export const localeSchema = z.enum(LOCALES);

export const localeResponseSchema = z.object({ locale: localeSchema });
export const localeInputSchema = z.strictObject({ locale: localeSchema });
export type LocaleInput = z.infer<typeof localeInputSchema>;
