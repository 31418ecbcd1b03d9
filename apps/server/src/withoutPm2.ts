/**
 * @colyseus/core imports @pm2/io when it is installed (`npm ci` installs it, through @colyseus/testing's
 * @colyseus/tools), and @pm2/io then samples the process every second for PM2's dashboards: among other
 * things it lists every open handle, which at 4,000 sockets cost 4–6% of the server's CPU (loadtest
 * profile). @pm2/io adopts an instance it finds under this global symbol: this one records nothing.
 * Import it before anything that loads Colyseus.
 */
const PM2_IO = Symbol.for('@pm2/io');
const global = globalThis as unknown as Record<symbol, unknown>;
global[PM2_IO] ??= { metric: () => undefined };
