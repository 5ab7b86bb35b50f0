// Prints the gzip size of what the login route loads before its first render (the entry chunk,
// its static imports, the guest route set and the login page), the same for the public catalogue
// route a signed-out visitor opens (/public/products: the guest route set, the public layout and
// the catalogue page) and for the customer dashboard (the portal's home: the customer route set,
// its layout, the home page and the portal's texts), the largest chunk, and the CSS, against the
// budgets of G6 (docs/requirements/performance.md).
// Exits 1 when a hard budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import zlib, { gzipSync } from 'node:zlib';

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
const find = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) {
    // A renamed file must not quietly shrink a budgeted route.
    console.error(`report-size: ${suffix} is not in the build manifest`);
    process.exit(1);
  }
  return key;
};

/** The JS and CSS files (and their gzip sizes) loaded before a route's first render. */
function routeFigures(roots) {
  const keys = closure([entryKey, ...roots.map(find)]);
  const js = [...new Set([...keys].map((k) => manifest[k].file))];
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  return { files: js.length, js: js.reduce((s, f) => s + gz(f), 0), css: css.reduce((s, f) => s + gz(f), 0) };
}

// Before the login screen renders: the entry, the guest route set, the login page and the Dutch catalogue.
const login = routeFigures(['route-sets/guest.tsx', 'features/auth/pages/LoginPage.tsx', 'locales/nl/index.ts']);
const loginJs = login.js;
const loginCss = login.css;
// Before a signed-out visitor sees the catalogue: the same entry and guest route set, the public
// layout, the route's loader (it starts the API calls), the catalogue page and the Dutch catalogue.
const publicRoute = routeFigures([
  'route-sets/guest.tsx',
  'app/layouts/PublicLayout.tsx',
  'features/products/public-prefetch.ts',
  'features/products/pages/PublicProductsPage.tsx',
  'locales/nl/index.ts',
]);
// Before a company user sees the dashboard: the entry, the customer route set, the portal's
// layout and home page, and the Dutch base and portal catalogues.
const dashboard = routeFigures([
  'route-sets/customer.tsx',
  'features/portal/pages/CustomerHomePage.tsx',
  'locales/nl/index.ts',
  'locales/nl/portal.ts',
]);

const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const largest = allJs.map((f) => ({ f, size: gz(`assets/${f}`) })).sort((a, b) => b.size - a.size)[0];

console.log('\nFront-end budgets (gzip, G6)');
console.log(`  login route initial JS : ${kb(loginJs)} (budget 180 KB, target 160 KB) over ${login.files} files`);
console.log(`  login route CSS        : ${kb(loginCss)} (budget 50 KB)`);
console.log(`  public catalogue JS    : ${kb(publicRoute.js)} (budget 180 KB) over ${publicRoute.files} files`);
console.log(`  public catalogue CSS   : ${kb(publicRoute.css)} (budget 50 KB)`);
console.log(`  customer dashboard JS  : ${kb(dashboard.js)} (budget 300 KB) over ${dashboard.files} files`);
console.log(`  customer dashboard CSS : ${kb(dashboard.css)} (budget 50 KB)`);
console.log(`  largest JS chunk       : ${kb(largest.size)} ${largest.f} (budget 150 KB)`);

// Pre-compressed copies, served by the app to clients that accept them: brotli (about a fifth
// smaller than gzip on these chunks, which a phone on a slow connection feels), else gzip.
const brotli = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
for (const file of fs.readdirSync(path.join(dist, 'assets'))) {
  if (!/\.(js|css|svg)$/.test(file)) continue;
  const full = path.join(dist, 'assets', file);
  const body = fs.readFileSync(full);
  fs.writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body, brotli));
}

const over =
  loginJs > 180 * 1024 ||
  loginCss > 50 * 1024 ||
  publicRoute.js > 180 * 1024 ||
  publicRoute.css > 50 * 1024 ||
  dashboard.js > 300 * 1024 ||
  dashboard.css > 50 * 1024 ||
  largest.size > 150 * 1024;
if (over) {
  console.error('A front-end budget is exceeded.');
  process.exit(1);
}
