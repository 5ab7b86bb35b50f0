// Draws the app's install icons (public/icon-*.png, apple-touch-icon.png) from the logo in public/favicon.svg with the
// machine's Chromium (no download): run once after the logo changes and commit the PNGs.
//   node apps/web/scripts/make-icons.mjs
// any: the logo as it is (rounded square, transparent corners); maskable: the mark inside the
// central 80 % of a full-bleed square, so a launcher's circle or squircle never cuts it.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '..', 'public');
const logo = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/.exec(logo)?.[1];
const mark = /<path[^>]*\/>/.exec(logo)?.[0];
if (!background || !mark) throw new Error('favicon.svg: no background rect or mark path found');

// The mark spans 8..24 of the 32-unit box: its farthest point (a stroke end) lies 11.5 units from
// the centre, inside the safe zone's circle (radius 40 % of 32: 12.8), so it is kept as it is.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>${mark}</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(publicDir, icon.file), omitBackground: true });
    console.log(`public/${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
