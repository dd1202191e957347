import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The web app lives in web/ and builds to dist/web, which the server serves in production.
// In development (npm run dev) Vite serves it on port 3000 and forwards /api to the API on 3001.
export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  // Every text asset is also written as .br and .gz, sent as they are by the server (web-app.ts, and
  // nginx passes them on): compressed once at the best ratio instead of on every request.
  plugins: [
    react(),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  worker: {
    // A Web Worker has no DOM, but Vite resolves a worker's imports with the "browser" condition and
    // offers no way to add "worker" (vitejs/vite#7439, #20230). micromark's entity decoder has a
    // browser entry that calls document.createElement: the worker's bundle takes its DOM-free entry
    // instead (the page's bundles keep the smaller browser entry).
    plugins: () => [
      {
        name: 'dom-free-entity-decoder',
        enforce: 'pre',
        async resolveId(source, importer, options) {
          if (source !== 'decode-named-character-reference') return null;
          const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
          return resolved && { ...resolved, id: resolved.id.replace(/index\.dom\.js$/, 'index.js') };
        },
      },
    ],
  },
  // The development server runs workers unbundled, through the page's pre-bundled dependencies: there
  // every import of the decoder takes the DOM-free entry.
  resolve:
    command === 'serve'
      ? {
          alias: {
            'decode-named-character-reference': fileURLToPath(
              new URL('./node_modules/decode-named-character-reference/index.js', import.meta.url),
            ),
          },
        }
      : {},
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 30_000 },
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
}));
