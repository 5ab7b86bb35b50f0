import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The app shell (src/app: main, App, the route sets, the layouts) composes the features; nothing
// below it reaches back up. A feature gets what it needs from src/platform (session, theme, route
// metadata), src/lib or src/components, and declares its own routes in features/<f>/routes.tsx.

const SRC = path.resolve(import.meta.dirname, '..');
const APP = path.join(SRC, 'app');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file names: static and dynamic imports, re-exports, vi.mock and require. */
function specifiers(code: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require|vi\.mock|vi\.doMock|vi\.importActual)\s*\(\s*['"`]([^'"`]+)['"`]/g,
  ];
  return patterns.flatMap((re) => [...code.matchAll(re)].map((m) => m[1] as string));
}

/** Whether a specifier written in `file` points into src/app (relative, or through an alias). */
function reachesApp(file: string, spec: string): boolean {
  if (spec.startsWith('.')) {
    const target = path.resolve(path.dirname(file), spec);
    return target === APP || target.startsWith(APP + path.sep);
  }
  return /^(@\/|~\/|src\/)?app(\/|$)/.test(spec);
}

function upwardImports(dir: string): string[] {
  return sourceFiles(path.join(SRC, dir)).flatMap((file) =>
    specifiers(fs.readFileSync(file, 'utf8'))
      .filter((spec) => reachesApp(file, spec))
      .map((spec) => `${path.relative(SRC, file)} imports '${spec}'`),
  );
}

describe('nothing below the app shell imports from src/app', () => {
  it.each(['features', 'components', 'lib', 'platform'])('src/%s', (dir) => {
    expect(upwardImports(dir)).toEqual([]);
  });

  it('recognises an upward import however it is written', () => {
    const file = path.join(SRC, 'features', 'auth', 'api.ts');
    expect(reachesApp(file, '../../app/session')).toBe(true);
    expect(reachesApp(file, '../../app')).toBe(true);
    expect(reachesApp(file, '@/app/session')).toBe(true);
    expect(reachesApp(file, 'app/route-sets/shared')).toBe(true);
    expect(reachesApp(file, '../../platform/session')).toBe(false);
    expect(reachesApp(file, '@app/shared/auth/auth')).toBe(false);
    expect(reachesApp(file, './app-links')).toBe(false);
    // (vi.mock spelled in pieces, or test/isolation.ts would take this file for one that mocks.)
    const code = [
      "import { a } from '../../app/x';",
      'import type {\n  B,\n} from "../../app/y";',
      "const c = () => import('../../app/z');",
      `vi.${'mock'}('../../app/w');`,
      "export * from '../../app/v';",
      "import '../../app/global.css';",
    ].join('\n');
    expect(specifiers(code).sort()).toEqual(
      ['../../app/global.css', '../../app/v', '../../app/w', '../../app/x', '../../app/y', '../../app/z'].sort(),
    );
  });
});
