// Prints the gzip size of what the login route loads before its first render (the entry chunk,
// its static imports, the guest route set and the login page), the largest chunk, and the CSS,
// against the budgets of PERFORMANCE.md G6. Exits 1 when a hard budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const find = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
// Before the login screen renders: the entry, the guest route set, the login page and the Dutch catalogue.
const loginKeys = closure(
  [entryKey, find('route-sets/guest.tsx'), find('features/auth/pages/LoginPage.tsx'), find('locales/nl/index.ts')].filter(
    Boolean,
  ),
);
const jsFiles = [...new Set([...loginKeys].map((k) => manifest[k].file))];
const cssFiles = [...new Set([...loginKeys].flatMap((k) => manifest[k].css ?? []))];
const loginJs = jsFiles.reduce((s, f) => s + gz(f), 0);
const loginCss = cssFiles.reduce((s, f) => s + gz(f), 0);

const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const largest = allJs.map((f) => ({ f, size: gz(`assets/${f}`) })).sort((a, b) => b.size - a.size)[0];

console.log('\nFront-end budgets (gzip, PERFORMANCE.md G6)');
console.log(`  login route initial JS : ${kb(loginJs)} (budget 180 KB, target 160 KB) over ${jsFiles.length} files`);
console.log(`  login route CSS        : ${kb(loginCss)} (budget 50 KB)`);
console.log(`  largest JS chunk       : ${kb(largest.size)} ${largest.f} (budget 150 KB)`);

// Pre-compressed copies, served by the app for clients that accept gzip.
for (const file of fs.readdirSync(path.join(dist, 'assets'))) {
  if (!/\.(js|css|svg)$/.test(file)) continue;
  const full = path.join(dist, 'assets', file);
  fs.writeFileSync(`${full}.gz`, gzipSync(fs.readFileSync(full), { level: 9 }));
}

const over = loginJs > 180 * 1024 || loginCss > 50 * 1024 || largest.size > 150 * 1024;
if (over) {
  console.error('A front-end budget is exceeded.');
  process.exit(1);
}
