import { Parser } from 'htmlparser2';

/**
 * Rich text (company news) is stored as HTML that this allowlist has rebuilt: the browser's
 * editor sends HTML, a real HTML parser (htmlparser2) reads it, and only the tags and attributes
 * below are written back, every text and attribute value escaped by us. Anything else loses its
 * tag and keeps its text; script, style and embedded content lose their content too. So stored
 * news can be shown with dangerouslySetInnerHTML without running anything (no stored XSS).
 */
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr']);
const VOID = new Set(['br', 'hr']);
/** Tags whose content is dropped with them, not kept as text. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
]);
/** Older spellings written the modern way. */
const RENAME: Record<string, string> = { b: 'strong', i: 'em' };

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** A link target that cannot run script: http(s) or mailto, written without tricks (no control characters). */
export function safeHref(href: string): string | null {
  const v = href.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(v)) return null;
  if (/^https?:\/\/[^\s]+$/i.test(v) || /^mailto:[^\s]+$/i.test(v)) return v;
  return null;
}

/** The allowlisted HTML of `html`; an empty result when nothing but whitespace remains. */
export function sanitizeRichText(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropDepth = 0;
  const parser = new Parser(
    {
      onopentag(rawName, attribs) {
        const name = rawName.toLowerCase();
        if (dropDepth > 0 || DROP_CONTENT.has(name)) {
          if (!VOID.has(name)) dropDepth++;
          return;
        }
        if (!ALLOWED.has(name)) return;
        const tag = RENAME[name] ?? name;
        if (tag === 'a') {
          const href = attribs.href ? safeHref(attribs.href) : null;
          if (!href) {
            open.push('#a-dropped');
            return;
          }
          out.push(`<a href="${escapeAttr(href)}" rel="noopener noreferrer nofollow" target="_blank">`);
          open.push('a');
          return;
        }
        out.push(`<${tag}>`);
        if (!VOID.has(tag)) open.push(tag);
      },
      ontext(text) {
        if (dropDepth === 0) out.push(escapeText(text));
      },
      onclosetag(rawName) {
        const name = rawName.toLowerCase();
        if (dropDepth > 0) {
          if (DROP_CONTENT.has(name) || !VOID.has(name)) dropDepth--;
          return;
        }
        if (!ALLOWED.has(name) || VOID.has(name)) return;
        const tag =
          name === 'a' ? (open.lastIndexOf('a') > open.lastIndexOf('#a-dropped') ? 'a' : '#a-dropped') : (RENAME[name] ?? name);
        const at = open.lastIndexOf(tag);
        if (at === -1) return;
        // Close what was left open inside it first, so the output is always well nested.
        while (open.length > at) {
          const t = open.pop() as string;
          if (t !== '#a-dropped') out.push(`</${t}>`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  while (open.length) {
    const t = open.pop() as string;
    if (t !== '#a-dropped') out.push(`</${t}>`);
  }
  const result = out.join('');
  return result.replace(/<[^>]+>/g, '').replace(/&nbsp;|\s/g, '') === '' ? '' : result;
}

/** The plain text of sanitised rich text (a summary in a list, a mail). */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h2|\/h3|\/blockquote)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
