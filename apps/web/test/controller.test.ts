import { type GameEvent, type GameState, chooseMove, createRng, legalMoves } from '@flightchess/rules';
import { type Controls, GameController } from '../src/play/gameController';
import { placePlanes } from '../src/board/placement';
import { pointOf } from '../src/board/layout';
import { FakeSource, RecordingRenderer, act, flush, gameOf, viewOf } from './support';

/** Red to roll; red plane 0 on p=12 (a 6 lands on its flight square 18), yellow plane 0 on red's p=14. */
function redToRoll(): GameState {
  return gameOf({
    preset: 'online',
    seats: ['red', 'yellow'],
    firstSeat: 'red',
    planes: { red: [12, 'hangar', 'hangar', 'hangar'], yellow: [40, 'hangar', 'hangar', 'hangar'] },
  });
}

function setup(state: GameState, local = ['red'] as const, confirmMoves = false) {
  const renderer = new RecordingRenderer();
  const source = new FakeSource({ view: viewOf(state, local), events: [] });
  const changes: Controls[] = [];
  const announced: string[] = [];
  const controller = new GameController(renderer, source, {
    announce: (text) => announced.push(text),
    changed: (c) => changes.push(c),
    confirmMoves: () => confirmMoves,
  });
  return { renderer, source, controller, changes, announced };
}

describe('GameController (adapter)', () => {
  it('draws the board turned to the viewer and places every plane on its square', async () => {
    const state = redToRoll();
    const renderer = new RecordingRenderer();
    const source = new FakeSource({ view: viewOf(state, ['yellow'], { viewer: 'yellow', mode: 'online' }), events: [] });
    const controller = new GameController(renderer, source, { announce: () => undefined, changed: () => undefined });
    await controller.settled();
    const board = renderer.last('drawBoard')!;
    expect(board.layout.bottom).toBe('yellow');
    expect(board.marks).toEqual({ seats: ['red', 'yellow'], planes: 4, stars: false, jumps: true, flights: true });
    const planes = renderer.last('placePlanes')!.planes;
    expect(planes).toHaveLength(8);
    const red0 = planes.find((p) => p.key === 'red:0')!;
    expect(red0.point).toEqual(pointOf(board.layout, 'red', 12));
    expect(renderer.last('setTurn')!.colour).toBe('red');
  });

  it('draws as many hangar places as the preset has planes (three in wango-quick)', async () => {
    const state = gameOf({ preset: 'wango-quick', seats: ['red', 'yellow'], teams: false, firstSeat: 'red' });
    const renderer = new RecordingRenderer();
    const source = new FakeSource({ view: viewOf(state, ['red']), events: [] });
    const controller = new GameController(renderer, source, { announce: () => undefined, changed: () => undefined });
    await controller.settled();
    expect(renderer.last('drawBoard')!.marks.planes).toBe(3);
  });

  it('offers the roll to the local seat only, and sends a roll intent on Enter', async () => {
    const { controller, source, changes } = setup(redToRoll());
    await controller.settled();
    expect(changes.at(-1)!.canRoll).toBe(true);
    expect(controller.key('Enter')).toBe(true);
    expect(source.sent).toEqual([{ type: 'roll' }]);

    const other = setup(redToRoll(), ['yellow'] as unknown as readonly ['red']);
    await other.controller.settled();
    expect(other.changes.at(-1)!.canRoll).toBe(false);
    other.controller.roll();
    expect(other.source.sent).toEqual([]);
  });

  it('animates a roll, then (confirming moves) lets the player preview a plane’s full route before a second tap sends the move', async () => {
    const start = redToRoll();
    const { controller, source, renderer, announced } = setup(start, ['red'], true);
    await controller.settled();
    const rolled = act(start, { type: 'roll', seat: 'red', value: 6 });
    source.push({ view: viewOf(rolled.state, ['red']), events: rolled.events });
    await controller.settled();
    expect(renderer.last('rollDie')).toEqual({ call: 'rollDie', colour: 'red', value: 6 });
    expect(announced.some((a) => a.includes('6'))).toBe(true);
    // A 6: plane 0 (on p=12) or a take-off; every movable plane is highlighted.
    expect(renderer.last('setSelectable')!.keys).toEqual(['red:0', 'red:1', 'red:2', 'red:3']);
    expect(controller.controls()!.autoMove).toBe(false);

    controller.tapPlane('red:0');
    const preview = renderer.last('showPreview')!.path!;
    // Dice 13..18, the flight 18 → 30 along the dashed line, then the chained jump 30 → 34.
    expect(preview.waypoints.map((w) => w.kind)).toEqual(['step', 'step', 'step', 'step', 'step', 'step', 'flight', 'jump']);
    expect(preview.waypoints.at(-1)!.point).toEqual(pointOf(renderer.last('drawBoard')!.layout, 'red', 34));
    expect(controller.controls()!.summary).toMatch(/飞棋/);
    expect(source.sent).toEqual([]);

    controller.tapPlane('red:0');
    expect(source.sent).toEqual([{ type: 'move', plane: 0 }]);
    expect(renderer.last('showPreview')!.path).toBeNull();
  });

  it('ignores taps on planes that are not the acting seat’s or cannot move', async () => {
    const rolled = act(redToRoll(), { type: 'roll', seat: 'red', value: 5 });
    const { controller, source, renderer } = setup(rolled.state);
    await controller.settled();
    for (const key of ['yellow:0', 'red:9', 'bogus', 'red:0:1']) controller.tapPlane(key);
    expect(renderer.all('showPreview').filter((c) => c.path !== null)).toHaveLength(0);
    controller.confirm();
    expect(source.sent).toEqual([]);
    controller.tapPlane('red:1');
    expect(source.sent).toEqual([{ type: 'move', plane: 1 }]);
  });

  it('moves a plane with one tap when it has one move, and sends one move however often it is tapped before the answer', async () => {
    const rolled = act(redToRoll(), { type: 'roll', seat: 'red', value: 6 });
    const { controller, source, renderer } = setup(rolled.state);
    await controller.settled();
    controller.tapPlane('red:2');
    controller.tapPlane('red:2');
    controller.tapPlane('red:0');
    controller.key('Enter');
    expect(source.sent).toEqual([{ type: 'move', plane: 2 }]);
    expect(renderer.all('showPreview').filter((c) => c.path !== null)).toHaveLength(0);
  });

  it('a single legal move is the game’s to play (RULES.md §9.10): said so, nothing to pick or confirm', async () => {
    const rolled = act(redToRoll(), { type: 'roll', seat: 'red', value: 3 });
    expect(legalMoves(rolled.state)).toHaveLength(1);
    const { controller, source, changes } = setup(rolled.state);
    await controller.settled();
    const controls = changes.at(-1)!;
    expect(controls).toMatchObject({ autoMove: true, acting: null, movable: [], selected: null });
    expect(controls.prompt).toMatch(/自动走/);
    controller.key('Enter');
    controller.tapPlane('red:0');
    expect(source.sent).toEqual([]);
  });

  it('a number key is a tap on that plane: one key moves a plane with one move; with select-then-confirm it selects, and the same key or Enter moves', async () => {
    const rolled = act(redToRoll(), { type: 'roll', seat: 'red', value: 6 });
    const oneKey = setup(rolled.state);
    await oneKey.controller.settled();
    expect(oneKey.controller.key('9')).toBe(false);
    expect(oneKey.controller.key('3')).toBe(true);
    expect(oneKey.source.sent).toEqual([{ type: 'move', plane: 2 }]);

    const confirming = setup(rolled.state, ['red'], true);
    await confirming.controller.settled();
    expect(confirming.controller.key('3')).toBe(true);
    expect(confirming.changes.at(-1)!.selected).toBe(2);
    expect(confirming.source.sent).toEqual([]);
    confirming.controller.key('3');
    expect(confirming.source.sent).toEqual([{ type: 'move', plane: 2 }]);
  });

  it('animates a capture along the route, flying the victim to its hangar; the panel shows the newest state at once', async () => {
    const start = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [10, 'hangar', 'hangar', 'hangar'], yellow: [38, 'hangar', 'hangar', 'hangar'] },
    });
    const rolled = act(start, { type: 'roll', seat: 'red', value: 2 });
    const { controller, source, renderer, changes } = setup(rolled.state, ['red', 'yellow'] as unknown as readonly ['red']);
    await controller.settled();
    renderer.holdAnimations = true;
    const moved = act(rolled.state, { type: 'move', seat: 'red', plane: 0 });
    source.push({ view: viewOf(moved.state, ['red', 'yellow']), events: moved.events });
    await flush();
    const anim = renderer.last('animateRoute')!;
    expect(anim.path.captures).toHaveLength(1);
    expect(anim.victims.map((v) => v.key)).toEqual(['yellow:0']);
    const layout = renderer.last('drawBoard')!.layout;
    expect(anim.victims[0]!.point).toEqual(pointOf(layout, 'yellow', 'hangar', 0));
    // Truth first: while the board still flies red's plane, the panel already shows yellow to roll, and yellow can.
    expect(changes.at(-1)!).toMatchObject({ acting: 'yellow', canRoll: true });
    expect(changes.at(-1)!.view.state).toBe(moved.state);
    controller.roll();
    expect(source.sent).toEqual([{ type: 'roll' }]);

    renderer.finishAnimation();
    await controller.settled();
    const placed = renderer.last('placePlanes')!.planes;
    expect(placed.find((p) => p.key === 'yellow:0')!.point).toEqual(pointOf(layout, 'yellow', 'hangar', 0));
    expect(placed.find((p) => p.key === 'red:0')!.point).toEqual(pointOf(layout, 'red', 12));
  });

  it('enables resign after the preset’s roll minimum and draw offers only where the preset has them', async () => {
    const fresh = setup(redToRoll());
    await fresh.controller.settled();
    expect(fresh.changes.at(-1)!.canResign).toBe(false);
    expect(fresh.changes.at(-1)!.rollsBeforeResign).toBe(15 - fresh.changes.at(-1)!.view.state.rolls);
    expect(fresh.changes.at(-1)!.canOfferDraw).toBe(false);

    const ply = gameOf({ preset: 'plyyard', seats: ['red', 'yellow'] });
    const p = setup(ply);
    await p.controller.settled();
    expect(p.changes.at(-1)!.canResign).toBe(true);
    expect(p.changes.at(-1)!.rollsBeforeResign).toBe(0);
    expect(p.changes.at(-1)!.canOfferDraw).toBe(true);
    p.controller.offerDraw();
    expect(p.source.sent).toEqual([{ type: 'offer-draw', seat: 'red' }]);
  });

  it('enables nothing that acts while the online link is down (reconnecting), but leaving', async () => {
    const down = setup(gameOf({ preset: 'plyyard', seats: ['red', 'yellow'], firstSeat: 'red' }));
    down.source.push({ view: viewOf(down.source.current()!.view.state, ['red'], { mode: 'online', linkDown: true }), events: [] });
    await down.controller.settled();
    const controls = down.changes.at(-1)!;
    expect([controls.linked, controls.canRoll, controls.acting, controls.canResign, controls.canOfferDraw]).toEqual([
      false,
      false,
      null,
      false,
      false,
    ]);
    // The prompt says why nothing can be done now, not whose turn it is.
    expect(controls.prompt).toBe('正在重连，连上后即可继续');
    down.controller.roll();
    down.controller.resign();
    down.controller.toggleAutoPlay();
    expect(down.source.sent).toEqual([]);
  });

  it('says why the own seat is on auto-play: the server’s reason online, the player’s own choice offline', async () => {
    const game = gameOf({ preset: 'plyyard', seats: ['red', 'yellow'], firstSeat: 'red' });
    const online = setup(game);
    const seats = (by?: 'away') =>
      viewOf(game, ['red']).seats.map((s) => (s.colour === 'red' ? { ...s, autoPlay: true, ...(by && { autoPlayBy: by }) } : s));
    online.source.push({ view: { ...viewOf(game, ['red'], { mode: 'online' }), seats: seats('away') }, events: [] });
    await online.controller.settled();
    expect([online.changes.at(-1)!.autoPlay, online.changes.at(-1)!.autoPlayBy]).toEqual([true, 'away']);
    online.source.push({ view: { ...viewOf(game, ['red']), seats: seats() }, events: [] });
    await online.controller.settled();
    expect(online.changes.at(-1)!.autoPlayBy).toBe('player');
    online.source.push({ view: viewOf(game, ['red']), events: [] });
    await online.controller.settled();
    expect([online.changes.at(-1)!.autoPlay, online.changes.at(-1)!.autoPlayBy]).toEqual([false, null]);
  });

  it('asks the local answerer about a pending draw offer', async () => {
    const offered = act(gameOf({ preset: 'plyyard', seats: ['red', 'yellow'] }), { type: 'offer-draw', seat: 'red' });
    const { controller, changes, source } = setup(offered.state, ['yellow'] as unknown as readonly ['red']);
    await controller.settled();
    expect(changes.at(-1)!.drawToAnswer).toBe('red');
    controller.answerDraw(false);
    expect(source.sent).toEqual([{ type: 'answer-draw', seat: 'yellow', accept: false }]);
  });

  it('when updates pile up, the board hurries the animation in hand and animates only the newest; the panel is never behind', async () => {
    let state = redToRoll();
    const { controller, source, renderer, changes } = setup(state, [] as unknown as readonly ['red']);
    await controller.settled();
    renderer.holdAnimations = true;
    const dice = createRng(3);
    const updates: { state: GameState; events: GameEvent[] }[] = [];
    while (updates.filter((u) => u.events.some((e) => e.type === 'rolled')).length < 6) {
      const step =
        state.phase === 'roll'
          ? act(state, { type: 'roll', seat: state.current, value: dice.die() })
          : act(state, { type: 'move', seat: state.current, plane: chooseMove(state, 'heuristic')!.plane });
      updates.push(step);
      state = step.state;
    }
    const animations = () => renderer.all('rollDie').length + renderer.all('animateRoute').length;
    for (const u of updates) {
      source.push({ view: viewOf(u.state, []), events: u.events });
      // Every update reaches the panel the moment it arrives.
      expect(changes.at(-1)!.view.state).toBe(u.state);
    }
    await flush();
    expect(animations()).toBe(1); // the first update, still playing
    expect(renderer.all('hurry')).toHaveLength(updates.length - 1);
    renderer.finishAnimation();
    await flush();
    // The board jumped to the state before the newest update, and animates the newest one only.
    const newest = updates.at(-1)!;
    expect(renderer.last('placePlanes')!.planes).toEqual(placePlanes(renderer.last('drawBoard')!.layout, updates.at(-2)!.state));
    for (let i = 0; i < 4; i++) {
      renderer.finishAnimation();
      await flush();
    }
    await controller.settled();
    const animatedNewest = newest.events.filter((e) => e.type === 'rolled' || e.type === 'moved').length;
    expect(animations()).toBe(1 + animatedNewest);
    expect(renderer.last('placePlanes')!.planes).toEqual(placePlanes(renderer.last('drawBoard')!.layout, state));
  });
});
