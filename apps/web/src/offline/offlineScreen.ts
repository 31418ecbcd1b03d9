import type { BotName, BySeat } from '@flightchess/rules';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { offlineResults } from '../results/results';
import { t } from '../i18n';
import { LocalGame } from '../play/sources/localGame';
import { h } from '../ui/dom';
import { cryptoDie, realScheduler } from '../util/ports';
import { GameScreen } from '../play/gameScreen';
import { resultsView } from '../results/resultsView';

/** Offline scores use this base (底分): shown, never recorded. */
const OFFLINE_BASE = 10;

/** Offline play: the saved unfinished game (hot-seat and/or bots), run by the engine in the page. */
export function offlineScreen(ctx: AppContext): Screen {
  const loaded = ctx.offline.unfinished();
  if (!loaded) {
    const el = h('main', { class: 'screen' }, h('p', { text: t('home.offline') }));
    queueMicrotask(() => ctx.navigate({ name: 'home' }));
    return { el, relabel: () => undefined, dispose: () => undefined };
  }
  const game = new LocalGame(loaded.saved, loaded.state, {
    store: ctx.offline,
    die: cryptoDie,
    scheduler: realScheduler,
    botDelayMs: ctx.botDelayMs,
  });
  const screen = new GameScreen(ctx, { source: game, onLeave: () => ctx.navigate({ name: 'home' }) });
  let shown = false;
  const showResults = () => {
    const state = game.gameState();
    if (shown || state.phase !== 'over') return;
    const bots = Object.fromEntries(Object.entries(loaded.saved.players).filter(([, p]) => p !== 'human')) as BySeat<BotName>;
    const data = offlineResults(state, loaded.saved.names, OFFLINE_BASE, bots);
    if (!data) return;
    shown = true;
    void screen.settled().then(() => {
      screen.showBelow(
        () =>
          resultsView(data, {
            home: () => ctx.navigate({ name: 'home' }),
            replay: () => ctx.navigate({ name: 'replay-offline' }),
          }),
        true,
      );
      screen.revealBelow();
    });
  };
  const unsubscribe = game.subscribe(showResults);
  return {
    el: screen.el,
    async mount() {
      await screen.mount();
      game.start();
      showResults();
    },
    relabel: () => screen.relabel(),
    dispose() {
      unsubscribe();
      game.stop();
      screen.dispose();
    },
  };
}
