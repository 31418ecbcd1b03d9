import type { BySeat } from '@flightchess/rules';
import type { AppContext, Screen } from '../app';
import { GameController } from '../adapter/controller';
import { nameOf } from '../adapter/describe';
import { ReplaySource } from '../adapter/replaySource';
import { botOf } from '../adapter/tableView';
import type { MatchRecord } from '@flightchess/protocol';
import { t } from '../i18n';
import { PixiBoard } from '../render/PixiBoard';
import { fill, h } from '../ui/dom';

type Loader = () => Promise<{ source: ReplaySource } | null>;

/** Step through a finished match from its record: online by match id, or the last offline game. */
function replayScreen(ctx: AppContext, load: Loader): Screen {
  const boardHost = h('div', { class: 'board-host' });
  const stepEl = h('p', { class: 'step', role: 'status', data: { testid: 'replay-step' } });
  const buttons = h('div', { class: 'buttons' });
  const el = h('main', { class: 'screen replay' }, h('h1', { text: t('replay.title') }), h('div', { class: 'board-wrap' }, boardHost), stepEl, buttons);
  let board: PixiBoard | null = null;
  let controller: GameController | null = null;
  let source: ReplaySource | null = null;
  let playing: number | null = null;

  const stop = () => {
    if (playing !== null) window.clearInterval(playing);
    playing = null;
  };
  const render = () => {
    if (!source) return;
    const s = source;
    stepEl.textContent = t('replay.step', { i: s.position, n: s.steps });
    const b = (label: string, fn: () => void, testid: string) => h('button', { text: label, data: { testid }, on: { click: fn } });
    fill(
      buttons,
      b(t('replay.first'), () => (stop(), s.goTo(0), render()), 'replay-first'),
      b(t('replay.prev'), () => (stop(), s.goTo(s.position - 1), render()), 'replay-prev'),
      b(t('replay.next'), () => (s.goTo(s.position + 1), render()), 'replay-next'),
      b(t('replay.last'), () => (stop(), s.goTo(s.steps), render()), 'replay-last'),
      b(
        playing === null ? t('replay.play') : t('replay.pause'),
        () => {
          if (playing !== null) stop();
          else
            playing = window.setInterval(() => {
              if (s.position >= s.steps) stop();
              else void controller?.settled().then(() => s.goTo(s.position + 1));
              render();
            }, 900 * ctx.speed + 100);
          render();
        },
        'replay-play',
      ),
      b(t('results.home'), () => ctx.navigate({ name: 'home' }), 'replay-home'),
    );
  };

  return {
    el,
    async mount() {
      const loaded = await load();
      if (!loaded) {
        stepEl.textContent = t('replay.notFound');
        fill(buttons, h('button', { text: t('results.home'), on: { click: () => ctx.navigate({ name: 'home' }) } }));
        return;
      }
      source = loaded.source;
      board = await PixiBoard.create(boardHost, { speed: ctx.speed });
      controller = new GameController(board, source, { announce: (text) => ctx.announce(text), changed: () => undefined });
      render();
    },
    relabel: render,
    dispose() {
      stop();
      controller?.dispose();
      board?.destroy();
    },
  };
}

export function onlineReplayScreen(ctx: AppContext, matchId: string): Screen {
  return replayScreen(ctx, async () => {
    const match = await ctx.net.api<MatchRecord>(`/api/matches/${encodeURIComponent(matchId)}`).catch(() => null);
    if (!match) return null;
    const names: BySeat<string> = {};
    for (const s of match.seats) names[s.colour] = nameOf({ colour: s.colour, name: s.name, bot: botOf(s) });
    const source = ReplaySource.of(match.setup, match.actions, names);
    return source ? { source } : null;
  });
}

export function offlineReplayScreen(ctx: AppContext): Screen {
  return replayScreen(ctx, async () => {
    const last = ctx.offline.lastFinished();
    if (!last) return null;
    const source = ReplaySource.of(last.saved.setup, last.saved.actions, last.saved.names);
    return source ? { source } : null;
  });
}
