/**
 * An idle game page costs nothing: a phone waiting for its player's roll spends at most 0.2 s of its main
 * thread's CPU in 10 s (DevTools' Performance metrics, `ThreadTime`: CPU time, so a machine busy with other
 * work does not count against it). The board draws frames only while something moves and the seats' timers
 * tick twice a second; a style or a loop that runs every frame shows here as seconds. At the server's default
 * pace, at a table with a minute to roll, so that the turn does not time out while it is measured.
 */
import assert from 'node:assert/strict';
import type { CDPSession } from 'playwright-core';
import { startGameServer } from './gameServer';
import { PHONE, type TestCase, newPage, openFriends, openHome, screenshot, startAgainstBots, ui, until, watchErrors } from './support';

const IDLE_MS = 10_000;
/** Main-thread CPU an idle game page may spend in IDLE_MS (0.07 s measured on this machine's Chromium 156). */
const BUDGET_S = 0.2;

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

export const idleCases: TestCase[] = [
  {
    name: 'an idle game page costs nothing: a phone waiting for its roll spends at most 0.2 s of main thread in 10 s',
    async run(browser) {
      const server = await startGameServer('default');
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'idle');
      try {
        await openHome(page, server.url, '静候', 'zh-CN', false);
        // The longest turn a table offers, chosen as its host would.
        await openFriends(page);
        await page.selectOption('#create-turn', '60');
        await startAgainstBots(page, 2);
        // Its roll offered and the board done moving the seat before (the panel shows a step at once, the board animates it after).
        const settled = () =>
          page.evaluate(
            () =>
              document.querySelector<HTMLElement>('[data-testid=board]')?.dataset.version ===
              document.querySelector<HTMLElement>('.screen.game')?.dataset.version,
          );
        await until(
          'the player’s own roll, the board still',
          async () => ((await ui(page)).canRoll && (await settled())) || null,
          120_000,
          50,
        );
        const version = await page.evaluate(() => document.querySelector<HTMLElement>('.screen.game')?.dataset.version);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const before = await metrics(cdp);
        await page.waitForTimeout(IDLE_MS);
        const after = await metrics(cdp);
        const spent = (name: string) => after[name]! - before[name]!;
        const line = `main thread ${spent('ThreadTime').toFixed(3)} s of CPU (tasks ${spent('TaskDuration').toFixed(3)} s), ${spent('RecalcStyleCount')} style recalculations, ${spent('LayoutCount')} layouts`;
        console.log(`    waiting ${IDLE_MS / 1000} s for the roll: ${line}`);
        assert.equal(
          await page.evaluate(() => document.querySelector<HTMLElement>('.screen.game')?.dataset.version),
          version,
          'nothing was played meanwhile: the page was idle',
        );
        assert.ok(spent('ThreadTime') <= BUDGET_S, `an idle game page spent ${line} in ${IDLE_MS / 1000} s`);
        await screenshot(page, 'idle-roll-phone-zh');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
];
