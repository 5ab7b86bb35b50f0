/** A piece of text a reader meets as prose in a source file: a comment line, or a test's title. */
export interface ProsePiece {
  line: number;
  text: string;
  kind: 'comment' | 'title';
}

const TITLE_CALL = /\b(?:describe|it|test)(?:\.\w+)*\(\s*$/;
const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'await',
  'yield',
]);

/**
 * The comments (each line of a block comment on its own) and the test titles (a string or template
 * literal that is the first argument of describe, it or test) of a JavaScript or TypeScript source.
 * A small lexer: strings, template literals (with their `${…}` parts) and regular expression
 * literals are skipped, so `//` inside them is not a comment.
 */
export function jsProse(src: string): ProsePiece[] {
  const out: ProsePiece[] = [];
  const templates: number[] = []; // the brace depth at which each open template's `${` began
  let braces = 0;
  let line = 1;
  let last = ''; // the last significant character outside comments and strings
  let word = ''; // the last identifier, to tell a regular expression after `return` from a division
  let i = 0;

  const pushBlock = (from: number, to: number) => {
    src
      .slice(from, to)
      .split('\n')
      .forEach((text, k) => {
        out.push({ line: line + k, text, kind: 'comment' });
      });
  };
  const newlines = (from: number, to: number) => {
    let n = 0;
    for (let k = from; k < to; k++) if (src[k] === '\n') n++;
    return n;
  };
  /** Reads template text from `from`; answers where it stopped and whether a `${` opened there. */
  const templateText = (from: number): { end: number; opened: boolean } => {
    let k = from;
    while (k < src.length) {
      const ch = src[k];
      if (ch === '\\') k += 2;
      else if (ch === '`') return { end: k + 1, opened: false };
      else if (ch === '$' && src[k + 1] === '{') return { end: k + 2, opened: true };
      else k++;
    }
    return { end: k, opened: false };
  };

  while (i < src.length) {
    const c = src[i] as string;
    const next = src[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      i++;
    } else if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      out.push({ line, text: src.slice(i + 2, stop), kind: 'comment' });
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end;
      pushBlock(i + 2, stop);
      line += newlines(i, stop);
      i = stop + 2;
    } else if (c === "'" || c === '"') {
      let k = i + 1;
      while (k < src.length && src[k] !== c && src[k] !== '\n') k += src[k] === '\\' ? 2 : 1;
      if (TITLE_CALL.test(src.slice(Math.max(0, i - 80), i))) out.push({ line, text: src.slice(i + 1, k), kind: 'title' });
      i = src[k] === '\n' ? k : k + 1; // an unclosed quote (JSX text) ends with its line
      last = 'a';
      word = '';
    } else if (c === '`') {
      const title = TITLE_CALL.test(src.slice(Math.max(0, i - 80), i));
      const { end, opened } = templateText(i + 1);
      if (title) out.push({ line, text: src.slice(i + 1, end), kind: 'title' });
      line += newlines(i, end);
      i = end;
      if (opened) {
        templates.push(braces);
        braces++;
        last = '{';
      } else last = 'a';
      word = '';
    } else if (c === '/' && (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last) || REGEX_AFTER_WORD.has(word))) {
      // A regular expression literal: up to the closing slash outside a character class.
      let k = i + 1;
      let inClass = false;
      while (k < src.length && src[k] !== '\n') {
        const ch = src[k];
        if (ch === '\\') k++;
        else if (ch === '[') inClass = true;
        else if (ch === ']') inClass = false;
        else if (ch === '/' && !inClass) break;
        k++;
      }
      i = src[k] === '\n' ? k : k + 1;
      last = 'a';
      word = '';
    } else if (c === '}' && templates.length > 0 && templates[templates.length - 1] === braces - 1) {
      // The end of a template's `${…}`: back to its text.
      templates.pop();
      braces--;
      const { end, opened } = templateText(i + 1);
      line += newlines(i, end);
      i = end;
      if (opened) {
        templates.push(braces);
        braces++;
        last = '{';
      } else last = 'a';
      word = '';
    } else if (/[A-Za-z0-9_$]/.test(c)) {
      let k = i;
      while (k < src.length && /[A-Za-z0-9_$]/.test(src[k] as string)) k++;
      word = src.slice(i, k);
      last = 'a';
      i = k;
    } else {
      if (c === '{') braces++;
      else if (c === '}') braces--;
      last = c === ')' || c === ']' || c === '}' ? 'a' : c;
      word = '';
      i++;
    }
  }
  return out;
}

/** The comment lines of a file with block comments only (CSS) or also `--` line comments (SQL), or HTML's. */
export function blockProse(src: string, options: { dashDash?: boolean; html?: boolean } = {}): ProsePiece[] {
  const out: ProsePiece[] = [];
  const [open, close] = options.html ? ['<!--', '-->'] : ['/*', '*/'];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (options.dashDash && c === "'") {
      const end = src.indexOf("'", i + 1);
      const stop = end < 0 ? src.length : end;
      for (let k = i; k < stop; k++) if (src[k] === '\n') line++;
      i = stop + 1;
    } else if (options.dashDash && c === '-' && src[i + 1] === '-') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      out.push({ line, text: src.slice(i + 2, stop), kind: 'comment' });
      i = stop;
    } else if (src.startsWith(open, i)) {
      const end = src.indexOf(close, i + open.length);
      const stop = end < 0 ? src.length : end;
      src
        .slice(i + open.length, stop)
        .split('\n')
        .forEach((text, k) => {
          out.push({ line: line + k, text, kind: 'comment' });
        });
      for (let k = i; k < stop; k++) if (src[k] === '\n') line++;
      i = stop + close.length;
    } else i++;
  }
  return out;
}

/** The prose of a source file by its extension; none for a kind of file it does not know. */
export function proseOf(file: string, src: string): ProsePiece[] {
  if (/\.[cm]?[jt]sx?$/.test(file)) return jsProse(src);
  if (file.endsWith('.sql')) return blockProse(src, { dashDash: true });
  if (file.endsWith('.css')) return blockProse(src);
  if (file.endsWith('.html')) return blockProse(src, { html: true });
  return [];
}
