import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 3000);

// The app is served by the API server in production; in development Vite serves it and
// forwards /api (and the stored images, /media-files) to the server started by `npm run dev`.
// zod and the app's zod settings (src/app/zod-config.ts: jitless, so zod never probes for eval,
// which the content security policy forbids) share one chunk: every chunk that builds a schema
// imports it, so the setting is made before any schema exists, whatever order chunks load in.
const zodChunk = (id: string) => (id.includes('/node_modules/zod/') || id.endsWith('/src/app/zod-config.ts') ? 'zod' : undefined);

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, rollupOptions: { output: { manualChunks: zodChunk } } },
  server: { port: 5173, proxy: { '/api': `http://localhost:${apiPort}`, '/media-files': `http://localhost:${apiPort}` } },
});
