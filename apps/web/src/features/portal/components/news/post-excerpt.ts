/** The text of a post's (sanitised) HTML body, for a short excerpt in the news list. */
export function postExcerpt(html: string, max = 220): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Blocks run together in textContent: a space between them keeps words apart.
  for (const el of doc.body.querySelectorAll('p, li, h1, h2, h3, h4, br')) el.append(' ');
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 30)).trimEnd()}…`;
}
