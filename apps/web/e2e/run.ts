/**
 * All end-to-end tests (`npm run test:e2e`): offline ones against a static copy of the built client, online
 * ones against the real game server (pace.e2e.ts at the server's default delays, no fast flag), E2E_PARALLEL at a time
 * (3 by default). Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 * `E2E=offline` or `E2E=online` runs one suite. Screenshots: artifacts/screenshots/.
 */
import { accountCases } from './accounts.e2e';
import { adminCases } from './admin.e2e';
import { awayCases } from './away.e2e';
import { endingCases } from './ending.e2e';
import { friendsCases } from './friends.e2e';
import { eventsCases } from './events.e2e';
import { homeCases } from './home.e2e';
import { idleCases } from './idle.e2e';
import { ingameCases } from './ingame.e2e';
import { offlineCases } from './offline.e2e';
import { onlineCases } from './online.e2e';
import { pagesCases } from './pages.e2e';
import { paceCases } from './pace.e2e';
import { phoneLayoutCases } from './phoneLayout.e2e';
import { phraseCases } from './phrases.e2e';
import { pushCases } from './push.e2e';
import { quickCases } from './quick.e2e';
import { ratingsCases } from './ratings.e2e';
import { reviewCases } from './review.e2e';
import { type TestCase, runCases } from './support';
import { takeOverCases } from './takeOver.e2e';
import { tournamentCases } from './tournaments.e2e';
import { watchCases } from './watch.e2e';

const only = process.env.E2E;
/**
 * The pages after a game (four sizes and languages side by side) and the reviews (a bot judging every move) keep
 * both cores busy for minutes: one lane, one at a time, so that the cases bounded at the server's pace beside
 * them are never slowed by two (CI saw a page's panel stall 2.5 s while both pages cases ran beside the paced game).
 */
const oneAtATime = (cases: readonly TestCase[]) => cases.map((c) => ({ ...c, lane: 'busy pages' }));
// The longest first (the busy pages' lane, a whole game at the server's default pace, watching one), so that
// the cases running side by side end together rather than one long case running on alone at the end.
const online = [
  ...oneAtATime(pagesCases),
  ...paceCases,
  ...watchCases,
  ...oneAtATime(reviewCases),
  // Its first case waits out an invitation's 2 minutes.
  ...friendsCases,
  ...takeOverCases,
  ...tournamentCases,
  ...onlineCases,
  ...awayCases,
  ...eventsCases,
  ...homeCases,
  ...quickCases,
  ...phraseCases,
  ...accountCases,
  ...pushCases,
  ...adminCases,
  ...phoneLayoutCases,
  ...endingCases,
  ...ratingsCases,
  ...idleCases,
];
const offline = [...offlineCases, ...ingameCases];
const cases = [...(only === 'offline' ? [] : online), ...(only === 'online' ? [] : offline)];
void runCases(cases).then((ok) => process.exit(ok ? 0 : 1));
