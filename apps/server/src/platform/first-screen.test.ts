import { describe, expect, it } from 'vitest';
import { FirstScreens, firstScreenLinks, type Manifest, type ScreenRenderer, scriptJson } from './first-screen';
import { withScreen } from './web-app';

// A build in miniature: the entry with its static imports, the guest route set, the login page
// (sharing React with the entry) and the two languages' texts.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_input-1.js': { file: 'assets/input-1.js', imports: ['_react-1.js'], css: ['assets/input-1.css'] },
  'src/app/route-sets/guest.tsx': { file: 'assets/guest-1.js', imports: ['index.html', '_react-1.js'] },
  'src/features/auth/pages/LoginPage.tsx': { file: 'assets/LoginPage-1.js', imports: ['index.html', '_input-1.js'] },
  'src/app/Toasts.tsx': { file: 'assets/Toasts-1.js', imports: ['_react-1.js'] },
  'src/app/takeover.ts': { file: 'assets/takeover-1.js' },
  'src/locales/nl/index.ts': { file: 'assets/nl-1.js' },
  'src/locales/en/index.ts': { file: 'assets/en-1.js' },
};

describe('firstScreenLinks', () => {
  it("names the page's scripts, its CSS and the language's texts, and nothing index.html already loads", () => {
    const links = firstScreenLinks(manifest, ['src/app/route-sets/guest.tsx', 'src/features/auth/pages/LoginPage.tsx'], 'en');
    expect(links.split('\n').map((l) => l.trim())).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/input-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/guest-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/input-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/en-1.js">',
    ]);
    expect(links).not.toContain('react-1.js');
    expect(links).not.toContain('index-1');
  });

  it('names nothing when a module is missing from the build (renamed): the app loads it as before', () => {
    expect(firstScreenLinks(manifest, ['src/features/auth/pages/Gone.tsx'], 'nl')).toBe('');
    expect(firstScreenLinks({}, ['src/app/route-sets/guest.tsx'], 'nl')).toBe('');
  });
});

describe('FirstScreens', () => {
  it('has links for the sign-in page (and / that leads there) per language, none for other pages or without a manifest', () => {
    const screens = new FirstScreens(manifest, ['nl', 'en']);
    expect(screens.linksFor('/auth/login', 'nl')).toContain('/assets/nl-1.js');
    expect(screens.linksFor('/auth/login', 'nl')).toContain('/assets/Toasts-1.js');
    expect(screens.linksFor('/', 'en')).toContain('/assets/en-1.js');
    expect(screens.linksFor('/auth/reset-password', 'nl')).toBe('');
    // The catalogue's modules are not in this miniature build: no links rather than half of them.
    expect(screens.linksFor('/public/products', 'nl')).toBe('');
    expect(new FirstScreens(null, ['nl']).linksFor('/auth/login', 'nl')).toBe('');
  });
});

describe('the sign-in page as HTML', () => {
  const markup = new Map([
    ['nl', '<form data-first-screen="login">Inloggen</form>'],
    ['en', '<form data-first-screen="login">Sign in</form>'],
  ]);
  const screens = new FirstScreens(manifest, ['nl', 'en'], new Map([...markup].map(([l, h]) => [`${l}:/auth/login`, h])));

  it('is there for /auth/login in the language asked, also with a redirect, and for no other page', () => {
    expect(screens.markupFor('/auth/login', 'nl')).toContain('Inloggen');
    expect(screens.markupFor('/auth/login', 'en')).toContain('Sign in');
    expect(screens.markupFor('/auth/login?redirect=%2Fprojects', 'nl')).toContain('Inloggen');
    expect(screens.markupFor('/auth/reset-password', 'nl')).toBe('');
    expect(screens.markupFor('/', 'nl')).toBe('');
  });

  it('is not sent when the query adds a notice to the page (a password just reset or set)', () => {
    expect(screens.markupFor('/auth/login?reset=done', 'nl')).toBe('');
    expect(screens.markupFor('/auth/login?password=set', 'en')).toBe('');
  });

  it('goes into the empty app container, with the colour scheme it was rendered in; the app starts once it is painted', () => {
    const page = withScreen(
      '<html lang="nl" data-locale="nl"><head>\n    <script type="module" crossorigin src="/assets/a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/b.js">\n    <link rel="stylesheet" crossorigin href="/assets/c.css"></head><body><div id="root"></div></body></html>',
      '<p>$& $1</p>',
      '<link rel="modulepreload" crossorigin href="/assets/d.js">',
    );
    expect(page).toBe(
      '<html data-mantine-color-scheme="light" lang="nl" data-locale="nl"><head>\n    <script defer src="/first-screen.js" data-entry="/assets/a.js" data-preload="/assets/b.js /assets/d.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/c.css"></head><body><div id="root"><p>$& $1</p></div></body></html>',
    );
  });

  it("next to it, the links name the scripts only: the screen needs no stylesheet but the page's own", () => {
    const all = screens.linksFor('/auth/login', 'nl');
    const scripts = screens.linksFor('/auth/login', 'nl', 'scripts');
    expect(all).toContain('rel="stylesheet"');
    expect(scripts).not.toContain('rel="stylesheet"');
    expect(scripts.split('\n').length).toBe(all.split('\n').length - 1);
  });
});

describe('the catalogue as HTML, rendered per request', () => {
  const page = (names: string[]) => ({
    data: names.map((n, i) => ({ id: i + 1, slug: n, nameNl: n, nameEn: n, thumbUrl: null, largeUrl: null })),
    meta: { current_page: 1, last_page: 1, per_page: 24, total: names.length },
  });
  const filters = { areas: [], categories: [], features: [], materials: [], preferences: [] };

  function renderer() {
    const renders: string[] = [];
    const r: ScreenRenderer = {
      catalogueApiQuery: (url, locale) => ({ page: '1', url, locale }),
      async renderCatalogue(url, locale, products) {
        renders.push(`${locale}:${url}`);
        return { html: `<ul>${products.data.map((p) => p.nameNl).join()}</ul>`, queries: [[['products'], products]] };
      },
    };
    return { r, renders };
  }

  it('renders with the answers for the query the app would send, and renders again only when they change', async () => {
    const { r, renders } = renderer();
    const screens = new FirstScreens(manifest, ['nl', 'en']).withRenderer(r);
    let names = ['Stoel', 'Tafel'];
    const asked: Record<string, string>[] = [];
    const load = async (q: Record<string, string>) => {
      asked.push(q);
      return { products: page(names) as never, filters };
    };
    const first = await screens.catalogue('/public/products?page=1', 'nl', load);
    expect(first?.markup).toBe('<ul>Stoel,Tafel</ul>');
    expect(JSON.parse(first?.answers ?? '')).toEqual([[['products'], page(names)]]);
    expect(asked[0]).toEqual({ page: '1', url: '/public/products?page=1', locale: 'nl' });
    await screens.catalogue('/public/products?page=1', 'nl', load);
    expect(renders).toHaveLength(1);
    // The same query from another address (here the fake's query names the address: a new render).
    const same = renderer();
    const normalised = new FirstScreens(manifest, ['nl']).withRenderer({ ...same.r, catalogueApiQuery: () => ({ page: '1' }) });
    await normalised.catalogue('/public/products?page=1', 'nl', load);
    await normalised.catalogue('/public/products?page=1&utm_source=mail', 'nl', load);
    expect(same.renders).toEqual(['nl:/public/products?page=1']);
    await screens.catalogue('/public/products?page=1', 'en', load);
    expect(renders).toHaveLength(2);
    names = ['Stoel', 'Tafel', 'Kast'];
    expect((await screens.catalogue('/public/products?page=1', 'nl', load))?.markup).toBe('<ul>Stoel,Tafel,Kast</ul>');
    expect(renders).toHaveLength(3);
  });

  it('is nothing without the build module or for a query the API refuses', async () => {
    const load = async () => ({ products: page(['Stoel']) as never, filters });
    expect(await new FirstScreens(manifest, ['nl']).catalogue('/public/products', 'nl', load)).toBeNull();
    const screens = new FirstScreens(manifest, ['nl']).withRenderer(renderer().r);
    expect(await screens.catalogue('/public/products', 'nl', async () => null)).toBeNull();
  });

  it('puts the answers in the page as JSON that cannot end its script element', () => {
    expect(scriptJson({ name: '</script><script>alert(1)</script>', line: '\u2028' })).toBe(
      '{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","line":"\\u2028"}',
    );
    const html = withScreen(
      '<html><head>\n  </head><body><div id="root"></div></body></html>',
      '<ul></ul>',
      '<link rel="stylesheet" crossorigin href="/assets/card.css">',
      '[1]',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/card.css">\n  </head>');
    expect(html).toContain('<div id="root"><ul></ul></div><script type="application/json" id="first-data">[1]</script>');
  });
});
