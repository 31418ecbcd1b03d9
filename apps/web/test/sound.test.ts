import type { GameEvent } from '@flightchess/rules';
import { GameController, type Presented } from '../src/play/gameController';
import { cueOf } from '../src/play/cueOf';
import { Speaker } from '../src/sound/speaker';
import type { Cue } from '../src/sound/synth';
import { Prefs } from '../src/ui/prefs';
import { FakeSource, MemoryStore, RecordingRenderer, act, flush, gameOf, viewOf } from './support';

const redIsMine = (c: string) => c === 'red';

describe('cueOf', () => {
  it('sounds the die, each kind of leg, a hit and an arrival for every seat', () => {
    const cues = (list: Presented[]) => list.map((p) => cueOf(p, redIsMine));
    expect(
      cues([
        { type: 'rolled', seat: 'yellow', value: 3 },
        { type: 'leg', kind: 'takeoff' },
        { type: 'leg', kind: 'step' },
        { type: 'leg', kind: 'back' },
        { type: 'leg', kind: 'jump' },
        { type: 'leg', kind: 'flight' },
        { type: 'hit' },
        { type: 'arrived', seat: 'yellow', plane: 1 },
      ]),
    ).toEqual(['roll', 'step', 'step', 'step', 'jump', 'flight', 'capture', 'arrive']);
  });

  it('calls only the local seats to their turn and plays the fanfare only for their win', () => {
    const over = (winners: GameEvent & { type: 'game-over' }) => cueOf(winners, redIsMine);
    expect(cueOf({ type: 'turn', seat: 'red' }, redIsMine)).toBe('yourTurn');
    expect(cueOf({ type: 'extra-roll', seat: 'red', reason: 'six' }, redIsMine)).toBe('yourTurn');
    expect(cueOf({ type: 'turn', seat: 'yellow' }, redIsMine)).toBeNull();
    expect(over({ type: 'game-over', result: { winner: 'yellow', winners: ['yellow', 'red'], reason: 'finish' } })).toBe('win');
    expect(over({ type: 'game-over', result: { winner: 'yellow', winners: ['yellow'], reason: 'finish' } })).toBeNull();
    expect(over({ type: 'game-over', result: { winner: null, winners: [], reason: 'draw' } })).toBeNull();
  });

  it('leaves the rest silent (the move itself sounds by its legs, the capture at its hit)', () => {
    expect(cueOf({ type: 'draw-offered', seat: 'red' }, redIsMine)).toBeNull();
    expect(cueOf({ type: 'no-move', seat: 'red', value: 2 }, redIsMine)).toBeNull();
  });
});

describe('what the board presents, in order', () => {
  it('presents a capture as its planes are hit, mid-route, and only once (the caption tells it then)', async () => {
    // Red flies from 15 over yellow's plane on the crossing (RULES.md §3.3), then jumps on to 34.
    const start = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [15, 'hangar', 'hangar', 'hangar'], yellow: [53, 'hangar', 'hangar', 'hangar'] },
    });
    const renderer = new RecordingRenderer();
    const rolled = act(start, { type: 'roll', seat: 'red', value: 3 });
    const source = new FakeSource({ view: viewOf(rolled.state, []), events: [] });
    const presented: string[] = [];
    new GameController(renderer, source, {
      announce: () => undefined,
      changed: () => undefined,
      presented: (p) => presented.push(p.type === 'leg' ? p.kind : p.type),
    });
    const moved = act(rolled.state, { type: 'move', seat: 'red', plane: 0 });
    source.push({ view: viewOf(moved.state, []), events: moved.events });
    await flush();
    expect(presented).toEqual(['moved', 'step', 'step', 'step', 'hit', 'captured', 'flight', 'jump', 'turn']);
  });
});

describe('sounds follow what the board presents', () => {
  it('plays a capture move as die, steps and the hit, in the order the board shows them, then the local turn', async () => {
    const start = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'yellow',
      planes: { red: [38, 'hangar', 'hangar', 'hangar'], yellow: [10, 'hangar', 'hangar', 'hangar'] },
    });
    const renderer = new RecordingRenderer();
    const source = new FakeSource({ view: viewOf(start, ['red']), events: [] });
    const heard: Cue[] = [];
    const controller = new GameController(renderer, source, {
      announce: () => undefined,
      changed: () => undefined,
      presented: (p, view) => {
        const cue = cueOf(p, (c) => view.seats.some((s) => s.colour === c && s.local));
        if (cue) heard.push(cue);
      },
    });
    await controller.settled();
    expect(heard).toEqual([]);
    const rolled = act(start, { type: 'roll', seat: 'yellow', value: 2 });
    source.push({ view: viewOf(rolled.state, ['red']), events: rolled.events });
    await controller.settled();
    const moved = act(rolled.state, { type: 'move', seat: 'yellow', plane: 0 });
    source.push({ view: viewOf(moved.state, ['red']), events: moved.events });
    await controller.settled();
    expect(heard).toEqual(['roll', 'step', 'step', 'capture', 'yourTurn']);
  });
});

describe('Speaker', () => {
  it('remembers muting across visits and sounds nothing while muted', () => {
    const storage = new MemoryStore();
    const speaker = new Speaker(new Prefs(storage));
    expect(speaker.muted).toBe(false);
    expect(speaker.play('roll')).toBe(true);
    speaker.muted = true;
    expect(new Prefs(storage).muted).toBe(true);
    expect(speaker.play('roll')).toBe(false);
    expect(speaker.played).toEqual({ roll: 1 });
  });

  it('never throws where there is no Web Audio or it refuses to start', () => {
    const speaker = new Speaker(new Prefs(new MemoryStore()));
    expect(() => speaker.unlock()).not.toThrow();
    expect(speaker.play('win')).toBe(true);
    const g = globalThis as { AudioContext?: unknown };
    g.AudioContext = class {
      constructor() {
        throw new Error('no audio device');
      }
    };
    try {
      expect(() => speaker.unlock()).not.toThrow();
      expect(() => speaker.play('step')).not.toThrow();
      expect(() => speaker.dispose()).not.toThrow();
    } finally {
      delete g.AudioContext;
    }
  });
});
