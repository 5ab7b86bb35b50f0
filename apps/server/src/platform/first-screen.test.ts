import { describe, expect, it } from 'vitest';
import { FirstScreens, firstScreenLinks, type Manifest } from './first-screen';

// A build in miniature: the entry with its static imports, the guest route set, the login page
// (sharing React with the entry) and the two languages' texts.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_input-1.js': { file: 'assets/input-1.js', imports: ['_react-1.js'], css: ['assets/input-1.css'] },
  'src/app/route-sets/guest.tsx': { file: 'assets/guest-1.js', imports: ['index.html', '_react-1.js'] },
  'src/features/auth/pages/LoginPage.tsx': { file: 'assets/LoginPage-1.js', imports: ['index.html', '_input-1.js'] },
  'src/app/Toasts.tsx': { file: 'assets/Toasts-1.js', imports: ['_react-1.js'] },
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
