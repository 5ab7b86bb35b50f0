/** A quantity as the reader writes it: "2,5" in Dutch, "2.5" in English, up to 3 decimals (metres of carpet). */
export function formatQuantity(n: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: 3 }).format(n);
}
