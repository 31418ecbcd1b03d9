import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';
import { precompressPlugin } from './precompress.mjs';
import { serviceWorkerPlugin } from './serviceWorker.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Pixi's environments import all its optional extensions when a renderer starts, unless told not to;
 * the board tells it not to (render/boardApp.ts imports the one it needs). Those imports are taken out
 * here: otherwise their code, never run, is still built, and what it shares with the board is split
 * from the page's script into a chunk of its own.
 */
function pixiExtensionsLeftOut(): Plugin {
  const IMPORT = /import\(['"]\.\/(browserAll|webworkerAll)\.mjs['"]\)/;
  return {
    name: 'pixi-extensions-left-out',
    enforce: 'pre',
    transform: (code, id) =>
      /pixi\.js[\\/]lib[\\/]environment-/.test(id) && IMPORT.test(code) ? code.replace(IMPORT, 'Promise.resolve()') : null,
  };
}

// Root is apps/web; the game server serves the built dist/ (relative asset paths work from any root).
export default defineConfig({
  root,
  base: './',
  // sw.js: the installed app's copy of the client. The server sends the .br / .gz copies as they are
  // (apps/server/src/http/webAssets.ts).
  plugins: [pixiExtensionsLeftOut(), serviceWorkerPlugin(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // The page's script holds everything a game needs (of Pixi's extensions the board loads none at run
    // time: render/boardApp.ts), so offline play keeps working after the server that served the page has
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
