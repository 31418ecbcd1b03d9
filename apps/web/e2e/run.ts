/**
 * All end-to-end tests (`npm run test:e2e`): offline ones against a static copy of the built client, online
 * ones against the real game server (pace.e2e.ts at the server's default delays, no fast flag), E2E_PARALLEL at a time
 * (3 by default). Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 * `E2E=timed` or `E2E=untimed` (what npm test runs side by side, the second yielding the CPU), `E2E=online` or
 * `E2E=offline` runs one suite. Screenshots: artifacts/screenshots/.
 */
import { accountCases } from './accounts.e2e';
import { adminCases } from './admin.e2e';
import { awayCases } from './away.e2e';
import { endingCases } from './ending.e2e';
import { eventsCases } from './events.e2e';
import { homeCases } from './home.e2e';
import { ingameCases } from './ingame.e2e';
import { offlineCases } from './offline.e2e';
import { onlineCases } from './online.e2e';
import { pagesCases } from './pages.e2e';
import { paceCases } from './pace.e2e';
import { phoneLayoutCases } from './phoneLayout.e2e';
import { phraseCases } from './phrases.e2e';
import { quickCases } from './quick.e2e';
import { ratingsCases } from './ratings.e2e';
import { reviewCases } from './review.e2e';
import { type TestCase, runCases } from './support';
import { watchCases } from './watch.e2e';

/**
 * The cases bounded in real time at the server's default pace (a watcher within 3 s, the panel within a second, a
 * notice within 2 s, the link found silent within 10 s): they need a core the moment they wait on one. The longest
 * first (a whole game at the default pace), so that the cases side by side end together.
 */
const timed = [
  ...paceCases,
  ...watchCases,
  ...onlineCases,
  ...awayCases,
  ...eventsCases,
  ...homeCases,
  ...quickCases,
  ...phraseCases,
  ...adminCases,
  ...phoneLayoutCases,
  ...endingCases,
];
/**
 * The cases whose only bounds are their waits of seconds, against a game server at the fast pace or none: they can
 * yield the CPU to the timed ones. The longest first (the match page and the profile in four languages and sizes).
 */
const untimed = [...pagesCases, ...reviewCases, ...accountCases, ...ratingsCases, ...offlineCases, ...ingameCases];

const offline = new Set([...offlineCases, ...ingameCases]);
const SUITES: Record<string, readonly TestCase[]> = {
  timed,
  untimed,
  online: [...timed, ...untimed].filter((c) => !offline.has(c)),
  offline: untimed.filter((c) => offline.has(c)),
};
const only = process.env.E2E;
if (only !== undefined && !(only in SUITES)) throw new Error(`E2E=${only}: one of ${Object.keys(SUITES).join(', ')}`);
void runCases(only === undefined ? [...timed, ...untimed] : SUITES[only]!).then((ok) => process.exit(ok ? 0 : 1));
