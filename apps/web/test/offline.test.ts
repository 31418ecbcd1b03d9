import { type BySeat, createRng, legalMoves, replayGame } from '@flightchess/rules';
import type { GameUpdate } from '../src/play/types';
import { LocalGame } from '../src/play/sources/localGame';
import type { SeatPlayer } from '../src/saves/offlineStore';
import { OfflineStore, newOfflineGame } from '../src/saves/offlineStore';
import { ManualScheduler, MemoryStore } from './support';

function start(players: BySeat<SeatPlayer>, seed = 1, teams = false) {
  const storage = new MemoryStore();
  const store = new OfflineStore(storage);
  const made = newOfflineGame({ preset: 'online', players, teams }, () => 0);
  if (!made.ok) throw new Error(made.error.message);
  store.save(made.loaded.saved);
  const loaded = store.unfinished()!;
  const scheduler = new ManualScheduler();
  const dice = createRng(seed);
  const game = new LocalGame(loaded.saved, loaded.state, { store, die: () => dice.die(), scheduler, botDelayMs: 5 });
  const updates: GameUpdate[] = [];
  game.subscribe((u) => updates.push(u));
  game.start();
  return { storage, store, scheduler, game, updates };
}

describe('offline games', () => {
  it('lets the person at the device roll and move, and saves every action', () => {
    const { game, store, updates } = start({ red: 'human', yellow: 'human' });
    expect(game.current().view.seats.map((s) => s.local)).toEqual([true, true]);
    game.send({ type: 'roll' });
    expect(updates).toHaveLength(1);
    expect(updates[0]!.events[0]).toMatchObject({ type: 'rolled', seat: 'red' });
    const saved = store.unfinished()!;
    expect(saved.saved.actions).toHaveLength(1);
    expect(saved.state.version).toBe(game.gameState().version);
  });

  it('plays bot seats by themselves after a pause, and ignores a person’s roll on a bot’s turn', () => {
    const { game, scheduler } = start({ red: 'strong', yellow: 'human' });
    expect(game.gameState().current).toBe('red');
    game.send({ type: 'roll' });
    expect(game.gameState().rolls).toBe(0);
    expect(scheduler.delays).toEqual([5]);
    scheduler.fire();
    expect(game.gameState().rolls).toBe(1);
  });

  it('plays a whole bots-only game to the end, then keeps it as the last game and nothing to continue', () => {
    const { game, scheduler, store } = start({ red: 'heuristic', green: 'strong', yellow: 'heuristic' }, 7);
    let steps = 0;
    while (game.gameState().phase !== 'over' && steps < 5000) {
      expect(scheduler.fire()).toBe(true);
      steps++;
    }
    expect(game.gameState().result).not.toBeNull();
    expect(store.unfinished()).toBeNull();
    const last = store.lastFinished()!;
    const replayed = replayGame(last.saved.setup, last.saved.actions);
    expect(replayed.ok && replayed.value.state.result).toEqual(game.gameState().result);
  });

  it('hands a person’s seat to the bot with auto-play (托管) and back', () => {
    const { game, scheduler } = start({ red: 'human', yellow: 'strong' });
    game.send({ type: 'auto-play', seat: 'red', on: true });
    expect(game.current().view.seats[0]!.autoPlay).toBe(true);
    scheduler.fire();
    expect(game.gameState().rolls).toBe(1);
    game.send({ type: 'auto-play', seat: 'red', on: false });
    expect(game.current().view.seats[0]!.autoPlay).toBe(false);
  });

  it('plays a single legal move for the person by itself (RULES.md §9.10)', () => {
    const { game, scheduler } = start({ red: 'human', yellow: 'human' }, 11);
    // Roll until red has exactly one legal move (one plane out, a roll that cannot take off).
    for (let i = 0; i < 400; i++) {
      const state = game.gameState();
      if (state.phase === 'move' && legalMoves(state).length === 1) break;
      if (state.phase === 'roll') game.send({ type: 'roll' });
      else game.send({ type: 'move', plane: legalMoves(state)[0]!.plane });
    }
    const forced = game.gameState();
    expect(legalMoves(forced)).toHaveLength(1);
    expect(scheduler.fire()).toBe(true);
    expect(game.gameState().version).toBe(forced.version + 1);
    expect(game.actionLog().at(-1)).toEqual({ type: 'move', seat: forced.current, plane: legalMoves(forced)[0]!.plane });
  });

  it('in team mode a bot team-mate answers a resignation by itself (consents); a person team-mate is asked and waited for', () => {
    const { game, scheduler } = start({ red: 'human', green: 'human', yellow: 'strong', blue: 'human' }, 5, true);
    // Fifteen rolls first (RULES.md §7): the people roll and move; the bot plays when its timer fires.
    while (game.gameState().rolls < 15) {
      const state = game.gameState();
      if (state.current === 'yellow' || (state.phase === 'move' && legalMoves(state).length === 1)) expect(scheduler.fire()).toBe(true);
      else if (state.phase === 'roll') game.send({ type: 'roll' });
      else game.send({ type: 'move', plane: legalMoves(state)[0]!.plane });
    }
    game.send({ type: 'resign', seat: 'blue' });
    expect(game.gameState().pendingResign).toBe('blue');
    // Green is a person: whatever plays by itself plays, and the request still waits for green.
    for (let i = 0; i < 50 && scheduler.pending > 0; i++) scheduler.fire();
    expect(scheduler.pending).toBe(0);
    expect(game.gameState().pendingResign).toBe('blue');
    game.send({ type: 'answer-resign', seat: 'green', accept: false });
    expect(game.gameState().pendingResign).toBeNull();

    game.send({ type: 'resign', seat: 'red' });
    expect(game.gameState().pendingResign).toBe('red');
    // Yellow, red's team-mate, is a bot: it consents by itself after the pause.
    for (let i = 0; i < 10 && !game.gameState().out.red; i++) expect(scheduler.fire()).toBe(true);
    expect(game.gameState().out.red?.reason).toBe('resign');
    expect(game.gameState().pendingResign).toBeNull();
  });

  it('continues a saved game from the browser and drops a record that no longer replays', () => {
    const { storage, game, store } = start({ red: 'human', yellow: 'human' });
    game.send({ type: 'roll' });
    const again = store.unfinished()!;
    expect(again.state).toEqual(game.gameState());

    const raw = JSON.parse(storage.getItem('flightchess.offline.current')!);
    raw.actions.push({ type: 'roll', seat: 'blue', value: 9 });
    storage.setItem('flightchess.offline.current', JSON.stringify(raw));
    expect(store.unfinished()).toBeNull();
    expect(storage.getItem('flightchess.offline.current')).toBeNull();
    storage.setItem('flightchess.offline.current', '{not json');
    expect(store.unfinished()).toBeNull();
  });

  it('draws the first seat when the preset picks it at random, and rejects impossible setups', () => {
    const picked = newOfflineGame({ preset: 'online', players: { red: 'human', green: 'strong', yellow: 'strong' } }, (n) => n - 1);
    expect(picked.ok && picked.loaded.state.current).toBe('yellow');
    const ply = newOfflineGame({ preset: 'plyyard', players: { red: 'human', yellow: 'strong' } }, (n) => n - 1);
    expect(ply.ok && ply.loaded.state.current).toBe('red');
    const bad = newOfflineGame({ preset: 'plyyard', players: { red: 'human', green: 'strong' } }, () => 0);
    expect(bad.ok).toBe(false);
  });
});
