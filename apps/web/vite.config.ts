/**
 * Vite build of the web app: output in apps/web/dist, served by the API with SPA fallback.
 * In development `/api` and `/ws` go to the API on 127.0.0.1:8080 (the same proxy serves
 * `vite preview`).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // `.br` and `.gz` beside every text asset and index.html; the API sends them by the request's
    // Accept-Encoding (@fastify/static `preCompressed`, apps/api/src/plugins/web.ts). Brotli 9: within a
    // few per cent of 11 at a fraction of the build time. Source maps are not served: not compressed.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      exclude: /\.map$/,
      threshold: 1024,
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/ws': { target: API, ws: true, changeOrigin: false },
    },
  },
  build: {
    // WEB_OUT_DIR: a build of one's own beside the shared dist/ (browser tests read it through WEB_DIST).
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // Source maps are written beside the build (dist/assets/*.map) but not linked from the files and
    // not served (docs/DECISIONS.md «Source maps»).
    sourcemap: 'hidden',
    // Every page is a lazy chunk (app/router.tsx `lazyPage`); antd, zod and the rest are split by
    // use, so a route downloads and preloads only what it imports (issue 15 §2). Only React and
    // the router — needed by every route — form one long-cached chunk.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/, priority: 20 },
            // Everything the entry imports statically (providers, antd's App/ConfigProvider kit, the contract,
            // session, live): needed by every route at start-up anyway, so one file instead of ~25 small ones —
            // over HTTP/1.1 (6 connections) each file costs a round trip (issue 15, bench/RESULTS.md).
            { name: 'app', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
