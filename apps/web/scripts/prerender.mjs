// Builds src/app/prerender.tsx for Node with the same Vite configuration (so CSS module class names
// match the client build) into dist/ssr/prerender.js, which stays: the server loads it to render the
// public catalogue per request (apps/server/src/platform/first-screen.ts). Then writes the sign-in
// page as HTML in each language into dist/first-screen/ (login.nl.html, login.en.html), the same
// for everyone, for the server to put in the page before any script runs (G6; web: src/app/takeover.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist', 'ssr');
const target = path.join(root, 'dist', 'first-screen');

await build({
  root,
  logLevel: 'warn',
  publicDir: false,
  build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, manifest: false },
});
const { renderSignIn, PRERENDER_LOCALES } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
fs.mkdirSync(target, { recursive: true });
for (const locale of PRERENDER_LOCALES) {
  const html = await renderSignIn(locale);
  fs.writeFileSync(path.join(target, `login.${locale}.html`), html);
  console.log(`  first screen: login.${locale}.html ${(html.length / 1024).toFixed(1)} KB`);
}
