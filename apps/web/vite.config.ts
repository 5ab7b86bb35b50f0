import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
