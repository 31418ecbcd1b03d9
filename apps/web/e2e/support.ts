import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import type { GuestCredentials, MatchRecord, PlayerProfile } from '@flightchess/protocol';

/** Built client (npm run build:web) and where screenshots go (CI artifacts, see README). */
export const DIST = resolve(__dirname, '../dist');
export const SCREENSHOTS = resolve(__dirname, '../../../artifacts/screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
];

export const PHONE = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
/** The smallest phone still sold in numbers (iPhone SE, first generation): where long panels outgrow the screen. */
export const SMALL_PHONE = { ...PHONE, viewport: { width: 320, height: 480 } } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } as const;

/** How a browser draws the board: `webgl` in software (SwiftShader), as on most devices; `canvas`, Pixi's 2D fallback. */
export type Drawing = 'webgl' | 'canvas';

/**
 * Without WebGL (`--disable-3d-apis`) the board is drawn by Pixi's canvas renderer, the one a device without WebGL
 * gets. Software WebGL keeps Chromium's GPU process on every core while any page animates (1.7 cores for one
 * page, measured): the offline phone game took 84–140 s with WebGL and 15–20 s on the canvas. So the cases run on
 * the canvas, and those marked `webgl` (the board's centre drawn at both sizes) on WebGL, as most devices draw it.
 */
export function launch(drawing: Drawing = 'webgl'): Promise<Browser> {
  const args = drawing === 'webgl' ? CHROMIUM_ARGS : [...CHROMIUM_ARGS.filter((a) => !/swiftshader/.test(a)), '--disable-3d-apis'];
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args, headless: true });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** The built client from a plain static server: no game server anywhere (offline play). */
export async function serveStatic(root = DIST): Promise<{ url: string; close: () => Promise<void> }> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root}/index.html is missing: run npm run build:web first`);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(root, `.${path}`);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  // Every connection is cut at close: a page taken offline (setOffline) leaves one half-read that close() would wait for forever.
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}/`, close };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Test instrumentation: remember every WebSocket the page opens, so a test can cut them as a network
 * failure would (the client must notice and reconnect by itself).
 */
export async function trackSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const sockets: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    } as typeof WebSocket;
  });
}

/** Test instrumentation: keep every text the ARIA live region announces, in order. */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { __announced: string[] }).__announced = said;
    document.addEventListener('DOMContentLoaded', () => {
      const live = document.getElementById('live');
      if (!live) return;
      new MutationObserver(() => {
        if (live.textContent) said.push(live.textContent);
      }).observe(live, { childList: true, characterData: true, subtree: true });
    });
  });
}

export function announcements(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __announced: string[] }).__announced]);
}

export function dropSockets(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.forEach((s) => s.close()));
}

/** Collect page errors (into `errors`, as they come) so a test fails on an exception in the client. */
export function watchErrors(page: Page, label: string, errors: string[] = []): string[] {
  page.on('pageerror', (e) => {
    errors.push(`${label}: ${e.message}`);
    // The stack goes to the log: the assertion shows the message only.
    console.error(`page error (${label}):`, e.stack ?? e.message);
  });
  page.on('console', (m) => {
    // Two libraries probe for eval in a try/catch (zod's jitless check, Pixi's unsafeEvalSupported): the policy
    // refuses it, as it should, and they do without; any other violation is an error. Over plain http by
    // address (a case does it on purpose) the browser says it ignores the isolation headers.
    const expected =
      /WebSocket|Failed to load resource|ERR_CONNECTION_REFUSED|CSP violation: script-src eval|Cross-Origin-Opener-Policy header has been ignored/;
    if (m.type() === 'error' && !expected.test(m.text())) errors.push(`${label} console: ${m.text()}`);
  });
  return errors;
}

/** The errors of several pages, gathered as they come into one list. */
export function watchingErrors(...pages: readonly (readonly [Page, string])[]): string[] {
  const errors: string[] = [];
  for (const [page, label] of pages) watchErrors(page, label, errors);
  return errors;
}

/** Every Content-Security-Policy violation becomes a console error (which watchErrors collects). */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) =>
  console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`;

/** The select-then-confirm setting (ui/prefs.ts), on unless the page has set it. */
const CONFIRM_MOVES = `try { if (localStorage.getItem('flightchess.confirmMoves') === null) localStorage.setItem('flightchess.confirmMoves', '1'); } catch {}`;

/**
 * A fresh browser page. Cases play select-then-confirm (the setting on, unless the page changes it), as
 * they preview routes; `oneTap` leaves the default, where a tap on a plane with one move moves it. Its
 * browser asks for `locale` (Chinese unless a case says otherwise: the app follows it).
 */
export async function newPage(
  browser: Browser,
  device: typeof PHONE | typeof SMALL_PHONE | typeof DESKTOP,
  options: { oneTap?: boolean; locale?: string; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...device,
    locale: options.locale ?? 'zh-CN',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  if (!options.oneTap) await context.addInitScript({ content: CONFIRM_MOVES });
  const page = await context.newPage();
  recordPage(context, page);
  return { context, page };
}

/** Three people on three phones: Ann reading Chinese, Bob and Cat English. */
export interface ThreePhones {
  readonly ann: { context: BrowserContext; page: Page };
  readonly bob: { context: BrowserContext; page: Page };
  readonly cat: { context: BrowserContext; page: Page };
  /** What their pages threw or logged as errors, as it comes. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** Ann (小安, Chinese), Bob and Cat (English) on phones, each on the home screen of `url` with their name typed (`fast`: the test pace's animations). */
export async function threePhones(browser: Browser, url: string, fast = true): Promise<ThreePhones> {
  const [ann, bob, cat] = [
    await newPage(browser, PHONE),
    await newPage(browser, PHONE, { locale: 'en' }),
    await newPage(browser, PHONE, { locale: 'en' }),
  ];
  const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob'], [cat.page, 'cat']);
  for (const [{ page }, name, lang] of [
    [ann, '小安', 'zh-CN'],
    [bob, 'Bob', 'en'],
    [cat, 'Cat', 'en'],
  ] as const)
    await openHome(page, url, name, lang, fast);
  return {
    ann,
    bob,
    cat,
    errors,
    close: async () => void (await Promise.all([ann.context.close(), bob.context.close(), cat.context.close()])),
  };
}

/** The home screen of the game server at `url` (the test pace: short animations; `fast: false` for the real ones), with `nickname` typed in. */
export async function openHome(page: Page, url: string, nickname: string, lang: 'zh-CN' | 'en' = 'zh-CN', fast = true): Promise<void> {
  const query = [fast ? 'fast=1' : '', lang === 'en' ? 'lang=en' : ''].filter(Boolean).join('&');
  await page.goto(`${url}${query ? `?${query}` : ''}#/`);
  await page.waitForSelector('[data-testid=play-now]');
  await page.fill('#nickname', nickname);
}

/** From the home screen: "play with friends", where a table is created or a code typed. */
export async function openFriends(page: Page): Promise<void> {
  await click(page, '[data-testid=mode-friends]');
  await page.waitForSelector('[data-testid=create]');
}

/** The colour of the seat marked as the player's own on the game screen. */
export function ownSeat(page: Page): Promise<string> {
  return until('the own seat on the game screen', () =>
    page.evaluate(
      () => document.querySelector<HTMLElement>('.seats .seat .badge.you')?.closest<HTMLElement>('.seat')?.dataset.colour ?? null,
    ),
  );
}

/**
 * From the home screen (or "play with friends"): a table of `seats` (of `preset`, else the default), created and started at once, its
 * empty seats given to strong bots; returns the own seat, the room and the join code.
 */
export async function startAgainstBots(
  page: Page,
  seats: number,
  preset?: string,
): Promise<{ seat: string; roomId: string; code: string }> {
  if (!(await page.$('[data-testid=create]'))) await openFriends(page);
  if (preset) await page.selectOption('#create-preset', preset);
  await page.selectOption('#create-seats', String(seats));
  await click(page, '[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
  const code = (await page.textContent('[data-testid=join-code]'))!.trim();
  await startTable(page);
  const roomId = decodeURIComponent(/#\/table\/([^/?]+)/.exec(page.url())![1]!);
  return { seat: await ownSeat(page), roomId, code };
}

/**
 * The host starts the table once the server says it can start (the button is disabled until then: a click before
 * does nothing, which a page slowed down by the CPU met), and the board shows.
 */
export async function startTable(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=start]:not([disabled])', { timeout: 20_000 });
  await click(page, '[data-testid=start]');
  await page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
}

/** The text of the element at `selector`, '' when it is missing or hidden (what a person reads there). */
export const shownText = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const el = document.querySelector<HTMLElement>(s);
    return el && !el.hidden ? (el.textContent ?? '') : '';
  }, selector);

/** The guest a page plays as (what it stored). */
export const storedPlayer = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('flightchess.player') ?? 'null') as GuestCredentials);

/** A POST of `body` as JSON to `url`: its answer's body. */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  return (
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json() as Promise<T>;
}

/** A player's own profile: their games in progress and at private tables too (anyone else sees finished public ones only). */
export const ownProfile = (url: string, player: GuestCredentials) =>
  postJson<PlayerProfile>(`${url}api/players/${player.playerId}/profile`, { secret: player.secret });

/** A match record as one of its players reads it (a private table's game is theirs only). */
export const matchAs = (url: string, matchId: string, player: GuestCredentials) =>
  postJson<MatchRecord>(`${url}api/matches/${matchId}`, { playerId: player.playerId, secret: player.secret });

/** A page on the built client from a plain static server (no game server); both are closed after `body`. */
export async function withOfflinePage(
  browser: Browser,
  device: typeof PHONE | typeof SMALL_PHONE | typeof DESKTOP,
  label: string,
  body: (open: { page: Page; url: string; errors: string[] }) => Promise<void>,
): Promise<void> {
  const server = await serveStatic();
  const { context, page } = await newPage(browser, device);
  const errors = watchErrors(page, label);
  try {
    await body({ page, url: server.url, errors });
  } finally {
    await context.close();
    await server.close();
  }
}

/** From the home screen ("against the computer") or its setup: pick the offline game's preset and seats (`#offline-<colour>`: none, human, heuristic, strong), team mode, and start it. */
export async function startOffline(
  page: Page,
  choices: { preset?: string; seats?: Record<string, string>; teams?: boolean } = {},
): Promise<void> {
  await page.waitForSelector('[data-testid=offline-start], [data-testid=mode-computer]');
  await click(page, '[data-testid=mode-computer]');
  await page.waitForSelector('[data-testid=offline-start]');
  if (choices.preset) await page.selectOption('#offline-preset', choices.preset);
  for (const [colour, player] of Object.entries(choices.seats ?? {})) await page.selectOption(`#offline-${colour}`, player);
  if (choices.teams) await page.check('#offline-teams');
  await page.click('[data-testid=offline-start]');
  await page.waitForSelector('[data-testid=board] canvas');
}

/** Poll `check` until it returns a value, or fail with `what` after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 60_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export interface TestCase {
  readonly name: string;
  readonly run: (browser: Browser) => Promise<void>;
  /** The board drawn with WebGL (see `launch`); the canvas renderer otherwise. */
  readonly webgl?: true;
  /** Cases naming the same lane run one after another, in their order (they share a server, or would slow the others side by side); the others run side by side. */
  readonly lane?: string;
}

/**
 * What a case printed (console.log inside it), shown with its result rather than mixed into the other cases' lines,
 * and what its pages (newPage) showed, told when it fails.
 */
interface CaseRecord {
  readonly lines: string[];
  /** Each page's description: taken as its context closes (cases close them in `finally`), else when the case failed. */
  readonly pages: Map<Page, string | null>;
}
const caseOutput = new AsyncLocalStorage<CaseRecord>();
const printLine = console.log.bind(console);
console.log = (...args: unknown[]) => {
  const lines = caseOutput.getStore()?.lines;
  if (lines) lines.push(format(...args));
  else printLine(...args);
};

/** A page's address, and any error, alert or prompt on it. */
async function describePage(page: Page): Promise<string> {
  if (page.isClosed()) return 'closed';
  // Errors, alerts and the prompt; else the status banner and the start of the screen's text (what a flaky case met).
  // (No function is named inside: tsx would wrap it in a helper the page does not have.)
  const read = page
    .evaluate(() =>
      ['.error, [role=alert], [data-testid=prompt]', '#status', '#app'].map((selector) =>
        [...document.querySelectorAll(selector)]
          .map((e) => (e as HTMLElement).innerText?.trim() ?? '')
          .filter(Boolean)
          .join(' | '),
      ),
    )
    .then(([notable, status, screen]) =>
      notable ? notable : `(no error, alert or prompt) status: "${status}", screen: "${(screen ?? '').replace(/\s+/g, ' ').slice(0, 300)}"`,
    )
    .catch((e: Error) => `(not readable: ${e.message})`);
  // A page too busy to answer must not hold up its closing.
  const shown = await Promise.race([read, new Promise<string>((r) => setTimeout(() => r('(no answer in 2 s)'), 2000).unref())]);
  return `${page.url()} shows: ${shown}`;
}

/** Keep the page's description for the case's record as its context closes. */
function recordPage(context: BrowserContext, page: Page): void {
  const record = caseOutput.getStore();
  if (!record) return;
  record.pages.set(page, null);
  const close = context.close.bind(context);
  context.close = async (options) => {
    record.pages.set(page, await describePage(page));
    return close(options);
  };
}

/** The longest a case may take: a whole game at the server's default pace takes a few minutes. */
const CASE_TIMEOUT_MS = 10 * 60_000;

/** How many cases run at once: E2E_PARALLEL, else 3 (on 2 cores a fourth page adds more CPU than it saves waiting). */
const PARALLEL = Math.max(1, Number(process.env.E2E_PARALLEL) || 3);

/**
 * Run test cases `parallel` at a time in a browser of their drawing (each in contexts of its own; a lane's cases in order), in
 * the order given: put the long ones first. Prints a line per case with what it printed, the slowest ten, and the
 * closing 'N passed, N failed'.
 */
export async function runCases(all: readonly TestCase[], parallel = PARALLEL): Promise<boolean> {
  // E2E_CASE=<part of a name> runs the matching cases only.
  const only = process.env.E2E_CASE;
  const cases = only ? all.filter((c) => c.name.includes(only)) : all;
  const jobs: TestCase[][] = [];
  const lanes = new Map<string, TestCase[]>();
  for (const c of cases) {
    const lane = c.lane === undefined ? undefined : lanes.get(c.lane);
    if (lane) lane.push(c);
    else {
      jobs.push([c]);
      if (c.lane !== undefined) lanes.set(c.lane, jobs.at(-1)!);
    }
  }
  const started = Date.now();
  const times: { name: string; ms: number }[] = [];
  let failed = 0;
  const browsers = new Map<Drawing, Promise<Browser>>();
  const browserFor = (drawing: Drawing) => browsers.get(drawing) ?? browsers.set(drawing, launch(drawing)).get(drawing)!;
  const runOne = async (c: TestCase) => {
    const browser = await browserFor(c.webgl ? 'webgl' : 'canvas');
    const lines: string[] = [];
    const pages = new Map<Page, string | null>();
    const begun = Date.now();
    let error: unknown = null;
    let timer: NodeJS.Timeout | undefined;
    // A case that hangs fails on its own rather than holding up the run (it goes on unseen until the browser closes).
    const timedOut = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`timed out after ${CASE_TIMEOUT_MS / 1000} s`)), CASE_TIMEOUT_MS);
    });
    await caseOutput.run({ lines, pages }, async () => {
      try {
        await Promise.race([c.run(browser), timedOut]);
      } catch (e) {
        error = e;
        let n = 0;
        for (const [page, seen] of pages) lines.push(`    page ${++n}: ${seen ?? (await describePage(page))}`);
      } finally {
        clearTimeout(timer);
      }
    });
    const ms = Date.now() - begun;
    times.push({ name: c.name, ms });
    if (error === null) printLine(`  ✓ ${c.name} (${ms} ms)`);
    else {
      failed++;
      printLine(`  ✗ ${c.name} (${ms} ms)\n    ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    for (const line of lines) printLine(line);
  };
  try {
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) for (const c of jobs[next++]!) await runOne(c);
    };
    await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  } finally {
    await Promise.all([...browsers.values()].map(async (browser) => (await browser).close()));
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  printLine(`slowest cases (of ${times.length}):`);
  for (const t of [...times].sort((a, b) => b.ms - a.ms).slice(0, 10)) printLine(`${seconds(t.ms)}  ${t.name}`);
  printLine(`e2e: ${times.length - failed} passed, ${failed} failed in ${seconds(Date.now() - started).trim()} (${parallel} at a time)`);
  return failed === 0;
}

// ---- driving the game screen ----

export interface Ui {
  canRoll: boolean;
  movable: number[];
  summary: string;
  prompt: string;
  over: boolean;
}

export function ui(page: Page): Promise<Ui> {
  return page.evaluate(() => {
    const roll = document.querySelector<HTMLButtonElement>('[data-testid=roll]');
    return {
      canRoll: !!roll && !roll.disabled,
      movable: [...document.querySelectorAll<HTMLButtonElement>('.plane-button:not([disabled])')].map((b) => Number(b.dataset.plane)),
      summary: document.querySelector('[data-testid=summary]')?.textContent ?? '',
      prompt: document.querySelector('[data-testid=prompt]')?.textContent ?? '',
      over: !!document.querySelector('[data-testid=results]'),
    };
  });
}

/** Answer the page's own question (ui/confirmDialog.ts) once it shows; `shot` names a screenshot of it first. */
export async function answerConfirm(page: Page, answer: 'yes' | 'no', shot?: string): Promise<void> {
  await page.waitForSelector('[data-testid=confirm-dialog]', { timeout: 5_000 });
  if (shot) await screenshot(page, shot);
  await page.click(`[data-testid=confirm-${answer}]`);
  await page.waitForSelector('[data-testid=confirm-dialog]', { state: 'detached', timeout: 5_000 });
}

export const click = (page: Page, selector: string) => page.evaluate((s) => document.querySelector<HTMLElement>(s)?.click(), selector);

/** The controls if the local player can act now (or the game is over), else null. */
export async function actingNow(page: Page): Promise<Ui | null> {
  const state = await ui(page);
  return state.canRoll || state.movable.length > 0 || state.over ? state : null;
}

/** Wait until the local player may roll or pick a plane (bots and animations run meanwhile). */
export function myTurn(page: Page): Promise<Ui> {
  return until('the local player to act', () => actingNow(page));
}

/** The engine state version the game screen shows. */
export function shownVersion(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.querySelector<HTMLElement>('.screen.game')?.dataset.version ?? -1));
}

/** A movable plane that is already on the board (its route walks the ring), or null. */
export async function planeOnBoard(page: Page, movable: readonly number[]): Promise<number | null> {
  const positions = await page.$$eval('.plane-button', (els) =>
    els.map((e) => [Number((e as HTMLElement).dataset.plane), (e as HTMLElement).dataset.position] as const),
  );
  const found = positions.find(([plane, position]) => movable.includes(plane) && position !== 'hangar' && Number(position) > 0);
  return found ? found[0] : null;
}

/** Play `moves` of the human seat with the mouse; returns once a preview with a choice was captured. */
export async function playMoves(page: Page, moves: number, shot: string | null): Promise<void> {
  let shotTaken = shot === null;
  for (let done = 0; done < moves || !shotTaken;) {
    const state = await myTurn(page);
    if (state.over) return;
    if (state.canRoll) {
      const before = await shownVersion(page);
      await click(page, '[data-testid=roll]');
      await until('the roll to be taken', async () => (await shownVersion(page)) > before || null, 10_000);
      continue;
    }
    // The screenshot wants a choice of planes and a route along the board (not a take-off).
    const out = !shotTaken && state.movable.length > 1 ? await planeOnBoard(page, state.movable) : null;
    const plane = out ?? state.movable[state.movable.length - 1]!;
    await click(page, `.plane-button[data-plane="${plane}"]`);
    const previewed = await until('a route preview', async () => (await ui(page)).summary || (await ui(page)).canRoll || null, 10_000);
    if (out !== null && typeof previewed === 'string') {
      assert.match(previewed, /步|起飞|→/, 'the preview describes the route in Chinese');
      await page.waitForTimeout(150);
      await screenshot(page, shot!);
      shotTaken = true;
    }
    await click(page, '[data-testid=confirm]');
    done++;
    await page.waitForTimeout(50);
  }
}

// ---- pages ----

/** Drag the replay slider to `position` (or its end); returns the step text read straight after, so a jump that is not immediate fails. */
export function jumpReplay(page: Page, position: number | 'end'): Promise<string> {
  return page.evaluate((to) => {
    const slider = document.querySelector<HTMLInputElement>('[data-testid=replay-slider]')!;
    slider.value = to === 'end' ? slider.max : String(to);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    return document.querySelector('[data-testid=replay-step]')?.textContent ?? '';
  }, position);
}

/** The page fits the viewport's width: nothing to scroll sideways. */
export async function assertNoSideScroll(page: Page, what: string): Promise<void> {
  // The device's width, not the window's: a phone widens its layout viewport to content that overflows.
  const width = page.viewportSize()!.width;
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `${what}: ${scroll}px wide on a ${width}px screen`);
}

/** The event caption can be read (shown, not hidden in the plane row's place) and covers no part of the board. */
export async function assertCaptionBesideBoard(page: Page, what: string): Promise<void> {
  const found = await page.evaluate(() => {
    const caption = document.querySelector<HTMLElement>('[data-testid=event-caption]');
    const board = document.querySelector<HTMLElement>('[data-testid=board]');
    if (!caption || !board) return null;
    const [c, b] = [caption.getBoundingClientRect(), board.getBoundingClientRect()];
    const apart = c.bottom <= b.top || c.top >= b.bottom || c.right <= b.left || c.left >= b.right;
    return { shown: caption.checkVisibility({ visibilityProperty: true }), apart, caption: c.toJSON(), board: b.toJSON() };
  });
  assert.ok(found, `${what}: no caption or board on the page`);
  assert.ok(found.shown, `${what}: the caption is not shown`);
  assert.ok(found.apart, `${what}: the caption covers the board: ${JSON.stringify(found)}`);
}

/** What axe-core finds on the page as it is now, by WCAG 2.1 A and AA rules and best practice, at the impacts that block people. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`),
    );
}

/** No serious or critical accessibility problem on the page as it is now (axe-core). */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  assert.deepEqual(await accessibilityProblems(page), [], `accessibility of ${what}`);
}

/** The same in each language: checked as it is, then again after the header's language switch, which is switched back. */
export async function assertAccessibleInBothLanguages(page: Page, what: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const lang = await page.evaluate(() => document.documentElement.lang);
    await assertAccessible(page, `${what} (${lang})`);
    await click(page, '#lang');
    await until(
      `the language switch from ${lang}`,
      async () => (await page.evaluate(() => document.documentElement.lang)) !== lang || null,
      5000,
    );
  }
}

/** Every button on the game screen that would act (roll, confirm, planes, 托管, resign, draw, answers, rematch), if enabled. */
export const enabledActions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('.screen.game .controls button, .screen.game [data-testid=rematch]')]
      // The results' own ways on (replay, verify, home) act on nothing; the rematch does.
      .filter((b) => !b.disabled && !b.classList.contains('leave') && !b.classList.contains('sound'))
      .filter((b) => b.dataset.testid === 'rematch' || !b.closest('[data-testid=results]'))
      .map((b) => b.dataset.testid ?? b.textContent ?? ''),
  );
