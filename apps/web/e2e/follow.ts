/**
 * Following a game as the server plays it: what a page's panel (and board) showed and when, recorded in
 * the page; the stored match as the server writes it, polled; and how late the page was.
 */
import assert from 'node:assert/strict';
import type { GuestCredentials } from '@flightchess/protocol';
import { type GameState, applyAction, createGame } from '@flightchess/rules';
import type { Page } from 'playwright-core';
import { matchAs } from './support';

/** What the game screen showed, and when: the panel's version and current seat, and the board's version. */
export interface PanelEntry {
  readonly t: number;
  readonly version: number;
  readonly current: string;
  readonly board: number;
}

/** What the server had, and when the test first saw it (never earlier than the server had it). */
export interface ServerEntry {
  readonly t: number;
  readonly version: number;
  readonly current: string;
}

/**
 * The recorder is page script text, not a function: tsx wraps named functions in a helper that does not
 * exist in the page, and a serialized function would carry it along.
 */
const PANEL_RECORDER = `
  window.__panel = [];
  // When the page took in each message from the server: a page the machine starved of CPU takes them in late, and
  // the panel's lag from there is the client's own.
  window.__heard = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', () => window.__heard.push(Date.now()));
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(() => {
      const game = document.querySelector('.screen.game');
      if (!game || !game.dataset.version) return;
      const version = Number(game.dataset.version);
      const seat = document.querySelector('.seats .seat.current');
      const current = seat ? seat.dataset.colour : '';
      const host = document.querySelector('[data-testid=board]');
      const board = host && host.dataset.version ? Number(host.dataset.version) : -1;
      const last = window.__panel[window.__panel.length - 1];
      if (!last || last.version !== version || last.current !== current || last.board !== board) window.__panel.push({ t: Date.now(), version, current, board });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-version', 'class'] });
  });
`;

/** Record the page's game screen from its first load on. */
export const recordPanel = (page: Page) => page.addInitScript({ content: PANEL_RECORDER });

export const panelEntries = (page: Page) => page.evaluate(() => (window as unknown as { __panel: PanelEntry[] }).__panel);

/** When the page took in each message from the server (page clock, which is the test's: one machine). */
export const heardTimes = (page: Page) => page.evaluate(() => (window as unknown as { __heard: number[] }).__heard);

/** Follow the stored match as the server writes it (read as `player`, one of its players): every version, its current seat, and when it was first seen. */
export function watchServer(url: string, matchId: string, player: GuestCredentials): { entries: ServerEntry[]; stop(): Promise<void> } {
  const entries: ServerEntry[] = [];
  let state: GameState | null = null;
  let applied = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const match = await matchAs(url, matchId, player);
      const seen = Date.now();
      if (!state) {
        const created = createGame(match.setup);
        assert.ok(created.ok);
        state = created.value;
        entries.push({ t: seen, version: 0, current: state.current });
      }
      for (; applied < match.actions.length; applied++) {
        const next = applyAction(state, match.actions[applied]!);
        assert.ok(next.ok, `the stored action ${applied} replays`);
        state = next.value.state;
        entries.push({ t: seen, version: state.version, current: state.phase === 'over' ? '' : state.current });
      }
      if (state.phase === 'over') return;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    entries,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** How the server's states are to reach the page: `what` of it, within `withinMs` of the server (or, with `heard`, of their arrival). */
export interface Following {
  /** The panel's version, or the board's. */
  readonly what: 'version' | 'board';
  readonly withinMs: number;
  /** States the server had later than this are left out (the page has not had its time for them yet). */
  readonly until?: number;
  /**
   * When the page took in messages (heardTimes): each state is timed from the first message taken in after the
   * server had it, rather than from the server, so a page the machine starved of CPU is not blamed for the wait.
   */
  readonly heard?: readonly number[];
}

/** The test sees a stored state up to a poll (100 ms) and a request after the server wrote and sent it. */
const POLL_SLACK_MS = 300;

/**
 * Every server state from the first one the page showed on reached the page within the bound, and the panel
 * showed the server's current seat at each version. Returns the largest lag.
 */
export function assertFollowed(panel: readonly PanelEntry[], states: readonly ServerEntry[], following: Following): number {
  const { what, withinMs, until = Infinity, heard } = following;
  const currentAt = new Map(states.map((s) => [s.version, s.current]));
  for (const p of panel)
    if (currentAt.has(p.version)) assert.equal(p.current, currentAt.get(p.version), `the panel's seat at version ${p.version}`);
  const firstShown = panel.find((p) => p[what] >= 0)?.[what] ?? Infinity;
  const from = heard ? `its arrival` : 'the server had it';
  let slowest = 0;
  for (const s of states.filter((e) => e.version >= firstShown && e.t <= until)) {
    const shown = panel.find((p) => p[what] >= s.version);
    assert.ok(shown, `the ${what} never reached version ${s.version}`);
    const start = heard ? (heard.find((t) => t >= s.t - POLL_SLACK_MS) ?? s.t) : s.t;
    const lag = shown.t - start;
    if (lag > withinMs) {
      const near = (t: number) => Math.abs(t - s.t) < 6000;
      const rel = <T extends { t: number }>(e: T) => ({ ...e, t: e.t - s.t });
      console.log(
        JSON.stringify({
          panel: panel.filter((e) => near(e.t)).map(rel),
          states: states.filter((e) => near(e.t)).map(rel),
          heard: heard?.filter(near).map((t) => t - s.t),
        }),
      );
    }
    assert.ok(lag <= withinMs, `version ${s.version} reached the ${what} ${lag} ms after ${from}`);
    slowest = Math.max(slowest, lag);
  }
  return slowest;
}
