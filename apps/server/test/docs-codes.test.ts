import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ProsePiece, proseOf } from './helpers/source-comments';

// Comments and test titles cite requirements by code: a family letter and a number (`S2`, `Z9`,
// `A3b`, `G3`, `R4`), defined in docs/requirements/ (security.md, performance.md, readings.md).
// Every code cited must be a heading in docs/, so a reader can look it up in the repository itself;
// the documents the codes were first numbered in are not part of it and must not be named. This
// test only reads files, so it runs the same on PGlite and PostgreSQL.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'chaos', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage', 'last-run-logs', 'data']);
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|sql|css|html)$/;

/** A code: a family letter, a number from 1 without a leading zero, and A3b's letter. */
const CODE = /\b([ACDFGHILNORSZ])([1-9]\d?)(b?)\b/g;
/** `H1-H4`: every code from the first to the last. */
const RANGE = /\b([ACDFGHILNORSZ])([1-9]\d?)-\1([1-9]\d?)\b/g;
/**
 * Text that looks like a code and is something else: code in backticks (`A01-A12`, `2026-W53`),
 * Amazon's `S3`, `A4` paper, a PDF font (`/F1`), an area number in a label (`A12 · Spa`) or in an
 * example of the natural order (`A2 before A10`).
 */
const NOT_CODES = [
  /`[^`]*`/g,
  /\bS3(?=[- ](?:compatible|storage|credentials|bucket|itself|this|with|without|on)\b)|\b(?:AWS|local) S3\b|storage \(S3\)/g,
  /\bA4 pages?\b/g,
  /\/F1\b/g,
  /\b[A-Z]\d+ ·/g,
  /\b(?:an area [A-Z]\d+|A\d+ (?:before|becomes) A\d+)\b/g,
];
/** The documents outside the repository the codes came from. */
const OUTSIDE_DOCUMENT = /\b(?:SECURITY|PERFORMANCE|DESIGN|CONVENTIONS)\b(?:\.md)?|product-spec/;

interface Citation {
  code: string;
  where: string;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) || e.name.startsWith('.') ? [] : sourceFiles(p);
    return SOURCE_FILE.test(e.name) ? [p] : [];
  });
}

function prose(): { file: string; piece: ProsePiece }[] {
  return SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(root, d))).flatMap((f) => {
    const file = path.relative(root, f);
    return proseOf(file, fs.readFileSync(f, 'utf8')).map((piece) => ({ file, piece }));
  });
}

/** The codes a piece of prose cites, ranges spelled out. */
function codesIn(text: string): string[] {
  const plain = NOT_CODES.reduce((t, re) => t.replace(re, ' '), text);
  const codes: string[] = [];
  for (const [, family, from, to] of plain.matchAll(RANGE)) {
    for (let n = Number(from); n <= Number(to); n++) codes.push(`${family}${n}`);
  }
  for (const [code] of plain.matchAll(CODE)) codes.push(code);
  return [...new Set(codes)];
}

function docHeadings(): Map<string, string[]> {
  const headings = new Map<string, string[]>();
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? walk(p) : e.name.endsWith('.md') ? [p] : [];
    });
  for (const f of walk(path.join(root, 'docs'))) {
    for (const [, code] of fs.readFileSync(f, 'utf8').matchAll(/^#{2,6} ([A-Z]{1,2}[1-9]\d?b?)\b/gm)) {
      headings.set(code as string, [...(headings.get(code as string) ?? []), path.relative(root, f)]);
    }
  }
  return headings;
}

describe('requirement codes in comments and test titles', () => {
  const pieces = prose();
  const citations: Citation[] = pieces.flatMap(({ file, piece }) =>
    codesIn(piece.text).map((code) => ({ code, where: `${file}:${piece.line}` })),
  );
  const headings = docHeadings();

  it('finds the comments and titles it checks', () => {
    expect(pieces.length).toBeGreaterThan(10_000);
    expect(new Set(citations.map((c) => c.code[0])).size).toBeGreaterThanOrEqual(12);
  });

  it('tells codes from other things that look like them', () => {
    expect(codesIn('(S3, C4) and H1-H4; A3b, G3: count')).toEqual(['H1', 'H2', 'H3', 'H4', 'S3', 'C4', 'A3b', 'G3']);
    expect(
      codesIn('an S3-compatible bucket, S3 with a bucket, a local S3, A4 pages, /F1, "A12 · Spa", `A01`, 2026-W53, T0'),
    ).toEqual([]);
  });

  it('resolves every cited code to a heading in docs/', () => {
    const missing = new Map<string, string[]>();
    for (const c of citations) if (!headings.has(c.code)) missing.set(c.code, [...(missing.get(c.code) ?? []), c.where]);
    const report = [...missing].map(
      ([code, where]) => `${code}: ${where.slice(0, 5).join(', ')}${where.length > 5 ? ', …' : ''}`,
    );
    expect(report, 'codes cited without a heading in docs/').toEqual([]);
  });

  it('defines each code once', () => {
    const twice = [...headings].filter(([, files]) => files.length > 1).map(([code, files]) => `${code}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('names no document from outside the repository', () => {
    const outside = pieces
      .filter(({ piece }) => OUTSIDE_DOCUMENT.test(piece.text))
      .map(({ file, piece }) => `${file}:${piece.line}`);
    expect(outside).toEqual([]);
  });
});

describe('docs/requirements', () => {
  it('names only files that exist', () => {
    const dir = path.join(root, 'docs', 'requirements');
    const gone: string[] = [];
    for (const name of fs.readdirSync(dir)) {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const [, p] of text.matchAll(/`((?:apps|packages|e2e|bench|scripts|docs)\/[^`\s]+\.[a-z]+)`/g)) {
        if (!fs.existsSync(path.join(root, p as string))) gone.push(`${name}: ${p}`);
      }
    }
    expect(gone).toEqual([]);
  });
});
