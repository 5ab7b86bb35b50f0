import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@app/shared/platform/locale';

/** One chunk of the web build's manifest (dist/.vite/manifest.json, written by Vite). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

const GUEST_SET = 'src/app/route-sets/guest.tsx';
/** Loaded beside every first screen (App.tsx, preloadFirstScreen). */
const TOASTS = 'src/app/Toasts.tsx';

/**
 * The pages a stranger opens first (a link to the catalogue on a phone, the sign-in page) and the
 * modules their first render needs beyond the entry: the app only learns of these after its entry
 * has run, one round trip later each, so the page names them up front.
 */
const FIRST_SCREENS: { paths: readonly string[]; modules: readonly string[] }[] = [
  {
    paths: ['/', '/auth/login'],
    modules: [GUEST_SET, TOASTS, 'src/features/auth/pages/LoginPage.tsx', 'src/app/takeover.ts'],
  },
  {
    paths: ['/public/products'],
    modules: [
      GUEST_SET,
      TOASTS,
      'src/app/layouts/PublicLayout.tsx',
      'src/features/products/public-prefetch.ts',
      'src/features/products/pages/PublicProductsPage.tsx',
    ],
  },
];

function closure(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * `<link>` tags for a first screen in a language: modulepreload for its scripts and the language's
 * texts, stylesheet for its CSS (the app would add the same links itself, later), leaving out what
 * index.html already loads (the entry and its static imports). Empty when the build has no manifest
 * or lacks one of the modules (a renamed file loads as before, only later).
 */
export function firstScreenLinks(manifest: Manifest, modules: readonly string[], locale: Locale): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const wanted = [...modules, `src/locales/${locale}/index.ts`];
  if (!entry || wanted.some((m) => !manifest[m])) return '';
  const loaded = closure(manifest, [entry]);
  const loadedCss = new Set([...loaded].flatMap((k) => manifest[k]?.css ?? []));
  const keys = [...closure(manifest, wanted)].filter((k) => !loaded.has(k));
  const scripts = [...new Set(keys.map((k) => manifest[k]?.file ?? ''))].filter((f) => f.endsWith('.js'));
  const styles = [...new Set(keys.flatMap((k) => manifest[k]?.css ?? []))].filter((f) => !loadedCss.has(f));
  return [
    ...styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}

/**
 * Pages the web build also wrote as HTML per language (apps/web/scripts/prerender.mjs, into
 * dist/first-screen/<name>.<locale>.html): the server puts that HTML in the page, so the screen is
 * there before any script has run; the app takes its place once loaded (apps/web/src/app/takeover.ts).
 */
const PRERENDERED: { path: string; name: string }[] = [{ path: '/auth/login', name: 'login' }];
/** Query parameters that change what the sign-in page shows (a notice above the form): those pages are not sent as HTML. */
const CHANGES_THE_SCREEN = /[?&](reset|password)=/;

/** The links per first page and language, worked out once from the build's manifest. */
export class FirstScreens {
  private readonly links = new Map<string, string>();
  private readonly markup = new Map<string, string>();

  constructor(manifest: Manifest | null, locales: readonly Locale[], markup: ReadonlyMap<string, string> = new Map()) {
    this.markup = new Map(markup);
    if (!manifest) return;
    for (const screen of FIRST_SCREENS) {
      for (const locale of locales) {
        const links = firstScreenLinks(manifest, screen.modules, locale);
        for (const p of screen.paths) this.links.set(`${locale}:${p}`, links);
      }
    }
  }

  /** Reads dist/.vite/manifest.json; a build without one gets no links. */
  static fromDist(dist: string, locales: readonly Locale[]): FirstScreens {
    const file = path.join(dist, '.vite', 'manifest.json');
    const manifest = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
    const markup = new Map<string, string>();
    for (const { path: p, name } of PRERENDERED) {
      for (const locale of locales) {
        const html = path.join(dist, 'first-screen', `${name}.${locale}.html`);
        if (fs.existsSync(html)) markup.set(`${locale}:${p}`, fs.readFileSync(html, 'utf8'));
      }
    }
    return new FirstScreens(manifest, locales, markup);
  }

  /** The links for a signed-out visitor's page at `path` (all, or the scripts only), or ''. */
  linksFor(pathname: string, locale: Locale, which: 'all' | 'scripts' = 'all'): string {
    const links = this.links.get(`${locale}:${pathname}`) ?? '';
    if (which === 'all') return links;
    return links
      .split('\n')
      .filter((l) => !l.includes('rel="stylesheet"'))
      .map((l) => l.trim())
      .join('\n    ');
  }

  /** The screen's HTML for a signed-out visitor's page at `url` (with its query), or ''. */
  markupFor(url: string, locale: Locale): string {
    if (CHANGES_THE_SCREEN.test(url)) return '';
    return this.markup.get(`${locale}:${url.split('?')[0] ?? '/'}`) ?? '';
  }
}
