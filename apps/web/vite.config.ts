import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { routePreload } from './build/route-preload.ts';

// `npm run build` exports NODE_ENV=production first: Vite builds React's development bundle (3× the
// bytes, slower) when it inherits another NODE_ENV, as it did from Vitest's `test` in the e2e setup.

// In development Vite serves the SPA and forwards the API and media to the server on :3000.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? // `vite build --ssr src/prerender/render.tsx`: the app for Node, used once by build/prerender.ts.
      [react()]
    : [
        react(),
        tailwindcss(),
        routePreload({ root: import.meta.dirname }),
        // Brotli and gzip twins of every text asset, written once at build time: the server sends them
        // as they are (no compression work per request), which is most of a phone's first-load time.
        compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' }),
      ],
  define: {
    // The tenant is chosen at build time (spec: default 'tenant8', overridable).
    'import.meta.env.VITE_TENANT_ID': JSON.stringify(process.env.VITE_TENANT_ID ?? 'tenant8'),
  },
  server: {
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  // The workspace packages are TypeScript sources: bundle them into the Node build too.
  ssr: { noExternal: [/^@app\//] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'render.js' } } }
    : {
        target: 'es2022',
        // dist/.vite/manifest.json: which chunks each screen needs, for build/prerender.ts.
        manifest: true,
        // Every browser that runs es2022 modules (the phones' Chrome, Safari 17+) supports
        // <link rel="modulepreload">; the polyfill would only add bytes to the entry.
        modulePreload: { polyfill: false },
        // Chunks per route come from the lazy routes; keep the vendor core in one cacheable chunk.
        rollupOptions: {
          output: {
            manualChunks(id) {
              if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
              if (/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return 'router';
              if (id.includes('node_modules/@tanstack/')) return 'query';
              return undefined;
            },
          },
        },
      },
}));
