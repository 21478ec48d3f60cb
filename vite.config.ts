import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 3000);

// The app is served by the API server in production; in development Vite serves it and
// forwards /api (and the stored images, /media-files) to the server started by `npm run dev`.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5173, proxy: { '/api': `http://localhost:${apiPort}`, '/media-files': `http://localhost:${apiPort}` } },
});
