import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The files of public/ the service worker keeps beside the build's own (the install icons, the manifest). */
const PUBLIC_SHELL = ['/favicon.svg', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png', '/icon-maskable-512.png'];

/**
 * Writes dist/sw.js from sw/sw.js with this build's precache list (index.html, every emitted
 * asset, the icons) and a version made of those names, so every build with other assets is a new
 * service worker (docs/decisions.md, "Field app (offline)").
 */
function serviceWorkerPlugin(): Plugin {
  return {
    name: 'outfitting-service-worker',
    // The client build only: the first screen's Node build (scripts/prerender.mjs) has no service worker.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        // pdf.js's worker (1.6 MB) serves the drawing viewer only, which needs the server anyway.
        .filter((f) => f.startsWith('assets/') && !f.includes('pdf.worker'))
        .sort()
        .map((f) => `/${f}`);
      const html = bundle['index.html'];
      const htmlText = html?.type === 'asset' ? String(html.source) : '';
      const precache = ['/index.html', ...PUBLIC_SHELL, ...assets];
      const build = createHash('sha256').update(htmlText).update(precache.join('\n')).digest('hex').slice(0, 16);
      const template = fs.readFileSync(path.resolve(import.meta.dirname, 'sw/sw.js'), 'utf8');
      const source = template.replace("'__BUILD__'", JSON.stringify(build)).replace('__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // TanStack Query in a chunk of its own (and not its dependencies), so shared-chunk merging
        // never drags it into the login route: it is first needed once someone is signed in.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'query', test: /\/node_modules\/@tanstack\// }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/login': 'http://localhost:3000',
      '/logout': 'http://localhost:3000',
    },
  },
});
