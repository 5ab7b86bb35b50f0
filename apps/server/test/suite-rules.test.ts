import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOSTILE_SHARDS } from './helpers/hostile';

// The server tests run with `isolate: false` (vitest.config.ts): the files of one worker share one
// module graph. A module mock, a stubbed global or environment would then reach the files that run
// after it in that worker, so the server tests use none; they pass what differs (clock, config,
// jobs, mailer, storage) to startTestApp instead.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LEAKING = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : testFiles(p);
    return /\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('the server test suite', () => {
  it('has no module mocks, stubbed globals or fake timers, which would leak between files', () => {
    const files = testFiles(serverRoot);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => LEAKING.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(serverRoot, f));
    expect(offenders).toEqual([]);
  });

  it('runs every part of the hostile-input routes: one test file per part, numbered 1 to HOSTILE_SHARDS', () => {
    const parts = fs
      .readdirSync(path.join(serverRoot, 'test'))
      .filter((name) => /^hostile-\d+\.test\.ts$/.test(name))
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    expect(parts).toEqual(Array.from({ length: HOSTILE_SHARDS }, (_, i) => `hostile-${i + 1}.test.ts`));
    for (const [i, name] of parts.entries()) {
      expect(fs.readFileSync(path.join(serverRoot, 'test', name), 'utf8')).toContain(`hostileSuite(${i});`);
    }
  });
});
