// Fails when the nl and en catalogues of any feature do not hold exactly the same keys.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const keys = (o, p = '') =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
let failed = false;
const files = new Set(
  [...fs.readdirSync(path.join(root, 'nl')), ...fs.readdirSync(path.join(root, 'en'))].filter((f) => f.endsWith('.json')),
);
for (const f of files) {
  const read = (lang) =>
    fs.existsSync(path.join(root, lang, f)) ? JSON.parse(fs.readFileSync(path.join(root, lang, f), 'utf8')) : {};
  const nl = new Set(keys(read('nl')));
  const en = new Set(keys(read('en')));
  const onlyNl = [...nl].filter((k) => !en.has(k));
  const onlyEn = [...en].filter((k) => !nl.has(k));
  if (onlyNl.length || onlyEn.length) {
    failed = true;
    console.error(`${f}: only in nl: ${onlyNl.join(', ') || '-'}; only in en: ${onlyEn.join(', ') || '-'}`);
  }
}
// Every error code the server can answer has a message: in errors.json (everyone), in
// errors-signed-in.json (back office and portal), errors-staff.json (back office) or
// errors-portal.json (portal).
const codes = [
  ...fs
    .readFileSync(path.resolve(import.meta.dirname, '../packages/shared/src/platform/errors.ts'), 'utf8')
    .matchAll(/^\s+([A-Z][A-Z_]+): \d{3},$/gm),
].map((m) => m[1]);
for (const lang of ['nl', 'en']) {
  const read = (f) => JSON.parse(fs.readFileSync(path.join(root, lang, f), 'utf8'));
  const known = new Set(
    ['errors.json', 'errors-signed-in.json', 'errors-staff.json', 'errors-portal.json'].flatMap((f) => Object.keys(read(f))),
  );
  const missing = codes.filter((c) => !known.has(c));
  if (codes.length < 10 || missing.length) {
    failed = true;
    console.error(`${lang}: error codes without a message: ${missing.join(', ') || '(no codes found in errors.ts)'}`);
  }
}
if (failed) process.exit(1);
console.log(`nl and en catalogues match (${files.size} files).`);
