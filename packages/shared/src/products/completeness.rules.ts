// Catalogue completeness: what a product still lacks for a good public page, per language.
// Constants and pure functions only (no zod): the list, the editor and the server's SQL use the same rule.
import type { Locale } from '../platform/locale';

/** The parts of a public product page, in the order they are named. */
export const COMPLETENESS_PARTS = ['name', 'description', 'images', 'attributes', 'downloads'] as const;
export type CompletenessPart = (typeof COMPLETENESS_PARTS)[number];

/** The languages completeness is judged in. */
export const COMPLETENESS_LANGUAGES = ['nl', 'en'] as const satisfies readonly Locale[];
export type CompletenessLanguage = (typeof COMPLETENESS_LANGUAGES)[number];

/**
 * The parts stored per language (`name_nl`/`name_en`, `description_nl`/`description_en`). Images,
 * attributes (their names fall back to Dutch) and downloads (one title and link) are shared by both
 * languages: when one is missing, it is missing in both.
 */
export const LANGUAGE_PARTS = ['name', 'description'] as const satisfies readonly CompletenessPart[];

/**
 * The attribute kinds that count: the ones the public page shows (types and suppliers stay internal),
 * the same list as `PUBLIC_FILTERS` in products.ts.
 */
export const COMPLETENESS_ATTRIBUTE_KINDS = ['areas', 'categories', 'features', 'materials', 'preferences'] as const;

/**
 * A text counts as empty when it holds only HTML tags, `&nbsp;`/`&#160;` and white space. One
 * pattern (case-insensitive) for both sides: JavaScript's `RegExp(…, 'i')` here and PostgreSQL's
 * `~*` in the products list, so the list and the editor cannot disagree.
 */
export const BLANK_TEXT_PATTERN = '^(<[^>]*>|&nbsp;|&#160;|[ \\t\\n\\r\\f\\v\\u00a0])*$';
const blankText = new RegExp(BLANK_TEXT_PATTERN, 'i');

export const isBlankText = (text: string | null | undefined): boolean => text == null || blankText.test(text);

/** What the rule reads of a product: its texts and how many images, (public) attributes and downloads it has. */
export interface CompletenessInput {
  nameNl: string;
  nameEn: string;
  descriptionNl: string;
  descriptionEn: string;
  /** Gallery images. */
  images: number;
  /** Attributes of the kinds in COMPLETENESS_ATTRIBUTE_KINDS. */
  attributes: number;
  downloads: number;
}

/** Per language the parts that are missing, in COMPLETENESS_PARTS order; an empty list is complete. */
export type Completeness = Record<CompletenessLanguage, CompletenessPart[]>;

/** Which parts are missing, as the products list's SQL judges them (one flag per stored field). */
export interface MissingFlags {
  nameNl: boolean;
  nameEn: boolean;
  descriptionNl: boolean;
  descriptionEn: boolean;
  images: boolean;
  attributes: boolean;
  downloads: boolean;
}

/** The flags as per-language lists of missing parts, in COMPLETENESS_PARTS order. */
export function completenessFromMissing(m: MissingFlags): Completeness {
  const of = (name: boolean, description: boolean): CompletenessPart[] => {
    const missing: Record<CompletenessPart, boolean> = {
      name,
      description,
      images: m.images,
      attributes: m.attributes,
      downloads: m.downloads,
    };
    return COMPLETENESS_PARTS.filter((part) => missing[part]);
  };
  return { nl: of(m.nameNl, m.descriptionNl), en: of(m.nameEn, m.descriptionEn) };
}

/** Per language what a product lacks for a good public page. */
export function productCompleteness(p: CompletenessInput): Completeness {
  return completenessFromMissing({
    nameNl: isBlankText(p.nameNl),
    nameEn: isBlankText(p.nameEn),
    descriptionNl: isBlankText(p.descriptionNl),
    descriptionEn: isBlankText(p.descriptionEn),
    images: p.images < 1,
    attributes: p.attributes < 1,
    downloads: p.downloads < 1,
  });
}

export const isCompleteIn = (c: Completeness, lang: CompletenessLanguage): boolean => c[lang].length === 0;
export const isComplete = (c: Completeness): boolean => COMPLETENESS_LANGUAGES.every((l) => isCompleteIn(c, l));

/**
 * The list filter `complete`: `yes` complete in both languages, `no` incomplete in at least one,
 * `nl` incomplete in Dutch, `en` incomplete in English.
 */
export const COMPLETENESS_FILTERS = ['yes', 'no', 'nl', 'en'] as const;
export type CompletenessFilter = (typeof COMPLETENESS_FILTERS)[number];

export function matchesCompletenessFilter(c: Completeness, filter: CompletenessFilter): boolean {
  if (filter === 'yes') return isComplete(c);
  if (filter === 'no') return !isComplete(c);
  return !isCompleteIn(c, filter);
}

/** One line of the publish warning: a language and what it lacks. */
export interface PublishWarningPart {
  lang: CompletenessLanguage;
  missing: CompletenessPart[];
}

/**
 * What to warn about before a product is published: per incomplete language (Dutch first) the
 * missing parts; empty when the product is complete. The caller words it ("Dit product mist in
 * het Engels: omschrijving, downloads") and asks; publishing an incomplete product is allowed.
 */
export function publishWarningParts(c: Completeness): PublishWarningPart[] {
  return COMPLETENESS_LANGUAGES.filter((lang) => c[lang].length > 0).map((lang) => ({ lang, missing: [...c[lang]] }));
}
