import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/platform/locale';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from './access';
import type { Ctx } from './context';
import { AppError, sendError } from './errors';
import { type CatalogueAnswers, FirstScreens, type ServedScreen } from './first-screen';

/** Paths that belong to the API: never answered with the SPA. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/') || url === '/login' || url === '/logout';
}

/**
 * Paths that are never a page of the SPA: dot-files and dot-folders (/.env, /.git/config,
 * /.well-known/...) and source maps. They get a plain 404 rather than index.html, so a scan for
 * leaked files finds nothing that looks like a hit (H4).
 */
export function isNeverAPage(url: string): boolean {
  return /(^|\/)\./.test(url) || /\.map$/i.test(url);
}

/** The field app's service worker (apps/web/sw/sw.js, built with its precache list): served at the root, so its scope is the whole app. */
const SERVICE_WORKER = 'sw.js';
const REVALIDATED = new Set([SERVICE_WORKER, 'manifest.webmanifest', 'first-screen.js']);

/** The language a page is served in: the signed-in account's, else the session's, else Dutch (as GET /api/locale). */
export function pageLocale(req: FastifyRequest): Locale {
  const session = (req.ctx as typeof req.ctx | null)?.session;
  return session?.self?.locale ?? session?.locale ?? DEFAULT_LOCALE;
}

/** index.html with the language on its root element: `<html lang="en" data-locale="en">`. */
export function withLocale(html: string, locale: Locale): string {
  return html.replace(/<html(?:\s+lang="[^"]*")?/, `<html lang="${locale}" data-locale="${locale}"`);
}

/** The id of the script element with the answers a served screen shows (apps/web/src/features/products/public-prefetch.ts). */
const SERVED_ANSWERS = 'first-data';

/** The script that starts the app behind a first screen sent as HTML (apps/web/public/first-screen.js). */
const FIRST_SCREEN_BOOT = 'first-screen.js';

/**
 * index.html with a first screen's HTML in the app's container, in the light colour scheme it was
 * rendered in. The screen is on view once the HTML and the stylesheet are in; the app's entry and
 * the modules to preload (index.html's and `links`) are started by first-screen.js once the screen
 * has been painted, so no script holds up that first paint.
 */
export function withScreen(html: string, markup: string, links = '', answers = ''): string {
  const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preload = [...html.matchAll(modulePreload), ...links.matchAll(modulePreload)].map((m) => m[1]);
  // The screen's own stylesheets (a page chunk's CSS modules) are needed for that first paint.
  const styles = [...links.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  const data = answers ? `<script type="application/json" id="${SERVED_ANSWERS}">${answers}</script>` : '';
  const page = (styles.length ? html.replace('</head>', () => `  ${styles.join('\n    ')}\n  </head>`) : html)
    .replace(modulePreload, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, entry: string) =>
        `<script defer src="/${FIRST_SCREEN_BOOT}" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`,
    );
  return page
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${data}`)
    .replace('<html ', '<html data-mantine-color-scheme="light" ');
}

/**
 * A page with a screen in it (tens of KB of HTML) compressed as the browser accepts: brotli at a
 * quality that costs about a millisecond, else gzip, else as it is.
 */
export function sendCompressed(req: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  // The codings the browser takes: 'gzip, deflate, br' (one with q=0 is refused).
  const accepts = new Set(
    String(req.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  reply.header('vary', 'accept-encoding');
  if (accepts.has('br')) {
    const body = zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (accepts.has('gzip')) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}

export interface WebAppOptions {
  /** The web build (apps/web/dist). */
  dist: string;
  /** The public catalogue's answers for an API query, to send /public/products as HTML (products feature). */
  catalogue?: (ctx: Ctx, query: Record<string, string>) => Promise<CatalogueAnswers | null>;
}

/** The public catalogue's page: sent as HTML, with its products, to a signed-out visitor. */
const CATALOGUE_PAGE = '/public/products';
/** How long the page waits for the catalogue's answers and render before it goes without them. */
const CATALOGUE_WAIT_MS = 1_500;

/** A file answer: the body is the file, streamed; there is no JSON to describe. */
const fileResponse = { 200: z.unknown().describe('The file') };

/**
 * Serves the built web app: hashed assets immutable and pre-compressed, every other GET that is
 * not an API path gets index.html (the SPA routes it, including its own 404 screen).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: WebAppOptions) => {
  const dist = opts.dist;
  const hasDist = fs.existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      serve: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      dotfiles: 'deny',
    });
  } else {
    app.log.warn({ dist }, 'web app not built: only the API is served (run npm run build)');
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/assets/*',
    {
      config: { access: access.public },
      schema: {
        hide: true,
        params: z.strictObject({
          '*': z
            .string()
            .max(300)
            .regex(/^[A-Za-z0-9._-]+$/),
        }),
        response: fileResponse,
      },
    },
    async (req, reply) => {
      const name = req.params['*'];
      if (!hasDist || isNeverAPage(name)) throw new AppError('ROUTE_NOT_FOUND');
      // Only a file that exists is cacheable forever: a miss (say, during a rolling deploy) must not be.
      const found = await fs.promises.stat(path.join(dist, 'assets', name)).then(
        (st) => st.isFile(),
        () => false,
      );
      if (!found) throw new AppError('ROUTE_NOT_FOUND');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.join('assets', name));
    },
  );

  const rootFiles = hasDist
    ? fs
        .readdirSync(dist)
        .filter(
          (f) => f === SERVICE_WORKER || f === FIRST_SCREEN_BOOT || /^[A-Za-z0-9._-]+\.(svg|png|ico|txt|webmanifest)$/.test(f),
        )
    : [];
  for (const file of rootFiles) {
    app.get(
      `/${file}`,
      { config: { access: access.public }, schema: { hide: true, response: fileResponse } },
      async (_req, reply) => {
        // The service worker and the manifest are asked again on every check for a new version of
        // the app: never from a cache, or a phone keeps the old app for an hour.
        reply.header('cache-control', REVALIDATED.has(file) ? 'no-cache' : 'public, max-age=3600');
        return reply.sendFile(file);
      },
    );
  }

  const indexHtml = hasDist ? fs.readFileSync(path.join(dist, 'index.html'), 'utf8') : '';
  const firstScreens = hasDist
    ? await FirstScreens.load(dist, LOCALES, (err) => app.log.warn({ err }, 'the catalogue is not sent as HTML'))
    : null;
  const loadCatalogue = opts.catalogue;

  /**
   * The catalogue as HTML for this request; nothing when it cannot be, or not within
   * CATALOGUE_WAIT_MS (a database away or slow): then the page goes as it is and the app renders
   * the catalogue, asking the API itself (and showing its error or its skeleton).
   */
  async function servedCatalogue(req: FastifyRequest, locale: Locale): Promise<ServedScreen | null> {
    if (!firstScreens || !loadCatalogue) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CATALOGUE_WAIT_MS);
    });
    const rendering = firstScreens.catalogue(req.url, locale, (query) => loadCatalogue(req.ctx, query));
    try {
      const screen = await Promise.race([rendering, late]);
      if (screen !== 'late') return screen;
      req.log.warn({ waitedMs: CATALOGUE_WAIT_MS }, 'the catalogue was not rendered in time');
      rendering.catch(() => {});
      return null;
    } catch (err) {
      req.log.warn({ err }, 'the catalogue was not rendered');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(url) && !url.startsWith('/assets/') && !isNeverAPage(url);
    if (wantsPage && hasDist) {
      reply.header('cache-control', 'no-cache');
      // The session's language in the page, so the app loads its texts at once instead of asking
      // first. /index.html itself is the offline shell the service worker keeps: it says nothing,
      // since the language may change after it was kept.
      if (url === '/index.html') return reply.type('text/html; charset=utf-8').send(indexHtml);
      const locale = pageLocale(req);
      // A signed-out visitor's first page names the modules its first render needs (first-screen.ts).
      const signedIn = (req.ctx as typeof req.ctx | null)?.session?.self != null;
      // ...and, for the sign-in page, the screen itself as HTML (first-screen.ts): then only the
      // scripts, since what the screen looks like is in the page's own stylesheet.
      // The catalogue, too, rendered with this request's products; with its page's stylesheets.
      const served = !signedIn && url === CATALOGUE_PAGE ? await servedCatalogue(req, locale) : null;
      const markup = signedIn ? '' : (served?.markup ?? firstScreens?.markupFor(req.url, locale) ?? '');
      const links = signedIn ? '' : (firstScreens?.linksFor(url, locale, markup && !served ? 'scripts' : 'all') ?? '');
      let html = withLocale(indexHtml, locale);
      if (markup) html = withScreen(html, markup, links, served?.answers);
      else if (links) html = html.replace('</head>', `  ${links}\n  </head>`);
      reply.type('text/html; charset=utf-8');
      return markup ? sendCompressed(req, reply, html) : reply.send(html);
    }
    return sendError(req, reply, new AppError('ROUTE_NOT_FOUND'));
  });
});
