/**
 * `npm run bench:review`: the game review in the browser, as a player gets it: the built client
 * (npm run build:web) opens the replay of a 600-action 4-player game (the rules benchmark's game, saved
 * as the last offline game) in headless Chromium, and the review runs in its Web Workers. Prints the
 * time from the request to the answer, as the page measures it (performance mark "flightchess-review").
 * Run it on a quiet machine: `flock /work/coord/heavy.lock nice -n 0 npm run bench:review`.
 */
import { sixHundredActionGame } from '../../../packages/rules/scripts/benchGame';
import { DESKTOP, launch, newPage, serveStatic, until } from '../e2e/support';

async function main(): Promise<void> {
  const game = sixHundredActionGame();
  const players = Object.fromEntries(game.setup.seats.map((c) => [c, 'strong']));
  const saved = JSON.stringify({ version: 1, setup: game.setup, players, names: {}, actions: game.actions, autoPlay: [] });
  const site = await serveStatic();
  const browser = await launch();
  const times: number[] = [];
  try {
    for (let run = 0; run < 3; run++) {
      const { context, page } = await newPage(browser, DESKTOP);
      await page.addInitScript((record) => localStorage.setItem('flightchess.offline.last', record), saved);
      await page.goto(`${site.url}?fast=1#/replay/offline`);
      const ms = await until(
        'the review',
        () => page.evaluate(() => performance.getEntriesByName('flightchess-review', 'measure')[0]?.duration ?? null),
        60_000,
        50,
      );
      times.push(ms);
      await context.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }
  console.log(`review of a 600-action 4-player game in the browser's worker: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`);
}

void main();
