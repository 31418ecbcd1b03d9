import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompressPlugin } from './precompress.mjs';
import { serviceWorkerPlugin } from './serviceWorker.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

// Root is apps/web; the game server serves the built dist/ (relative asset paths work from any root).
export default defineConfig({
  root,
  base: './',
  // sw.js: the installed app's copy of the client. The server sends the .br / .gz copies as they are
  // (apps/server/src/http/webAssets.ts).
  plugins: [serviceWorkerPlugin(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // The page's script holds everything a game needs (Pixi's browser environment is imported statically
    // in render/boardApp.ts), so offline play keeps working after the server that served the page has
    // stopped. Only what a game never needs is split off and loaded when used (the QR code, passkeys, …);
    // the service worker keeps every file of the build.
  },
  resolve: {
    // msgpackr (under colyseus.js) probes for eval at load; its no-eval build does not, so the server's
    // Content-Security-Policy (no 'unsafe-eval') sees no violation.
    alias: [{ find: /^@colyseus\/msgpackr$/, replacement: '@colyseus/msgpackr/index-no-eval' }],
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
