import fs from 'node:fs';
import path from 'node:path';

/**
 * Which web test files need a module graph of their own. Most share one per worker (no re-import
 * of React, Mantine and the app per file, and code the JIT has warmed up stays warm); a file that
 * replaces a module with vi.mock or vi.doMock would leak that stand-in into the files after it, so
 * it runs isolated. Read from the files when the config loads: a file that starts mocking moves
 * to the isolated project by itself.
 */
const MOCKS_A_MODULE = /\bvi\.(do)?mock\(/;
const TEST_FILE = /\.test\.tsx?$/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** The test files under src that mock a module, relative to the web app's folder (for include/exclude). */
export function filesThatMock(root: string): string[] {
  return testFiles(path.join(root, 'src'))
    .filter((file) => MOCKS_A_MODULE.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file).split(path.sep).join('/'));
}
