/**
 * Vite build of the web app: output in apps/web/dist, served by the API with SPA fallback.
 * In development `/api` and `/ws` go to the API on 127.0.0.1:8080 (the same proxy serves
 * `vite preview`).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/ws': { target: API, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // antd and maplibre are large on their own; the map is a lazy chunk.
    chunkSizeWarningLimit: 1500,
  },
});
