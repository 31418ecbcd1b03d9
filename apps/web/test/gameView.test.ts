import { botLabel, tableFacts } from '@flightchess/protocol';
import { BOT_NAMES, COLOURS } from '@flightchess/rules';
import { nameOf, seatName } from '../src/play/describe';
import { gameView } from '../src/play/gameView';
import { setLanguage } from '../src/i18n';
import { gameOf } from './support';
import { rawTable, start } from './fakeRoom';

describe('the synced table as a game view', () => {
  it('reads seats in clockwise order, finds the own seat by player id, and takes the game and its clock from the engine replica', () => {
    const game = start();
    const view = gameView(tableFacts(rawTable('playing')), game, 'p2', true, { deadline: 1_700_000_000_000 });
    expect(view.viewer).toBe('yellow');
    expect(view.seats).toEqual([
      { colour: 'red', name: '小红', kind: 'human', bot: null, connected: true, autoPlay: false, local: false },
      { colour: 'yellow', name: 'Yellow', kind: 'human', bot: null, connected: false, autoPlay: true, local: true },
    ]);
    expect(view.turnDeadline).toBe(1_700_000_000_000);
    expect(view.answerDeadline).toBeNull();
    expect(view.state).toBe(game);
  });

  it('says why a seat is on auto-play and until when an away seat is held; with its own link down, the page shows its own seat offline', () => {
    const seats = {
      red: {
        colour: 'red',
        kind: 'human',
        playerId: 'p1',
        name: '小红',
        ready: true,
        connected: true,
        autoPlay: true,
        autoPlayBy: 'timeout',
      },
      yellow: {
        colour: 'yellow',
        kind: 'human',
        playerId: 'p2',
        name: 'Yellow',
        ready: true,
        connected: false,
        autoPlay: true,
        autoPlayBy: 'away',
        awayUntil: 1_700_000_180_000,
      },
    };
    const table = tableFacts(rawTable('playing', { seats }));
    const [red, yellow] = gameView(table, start(), 'p1').seats;
    expect(red).toMatchObject({ connected: true, autoPlay: true, autoPlayBy: 'timeout' });
    expect(red).not.toHaveProperty('awayUntil');
    expect(yellow).toMatchObject({ connected: false, autoPlayBy: 'away', awayUntil: 1_700_000_180_000 });
    const down = gameView(table, start(), 'p1', false);
    expect(down.linkDown).toBe(true);
    expect(down.seats.map((s) => s.connected)).toEqual([false, false]);
  });

  it('gives each seat its rating before the game at a rated table, and none at a casual one', () => {
    const seats = {
      red: { colour: 'red', kind: 'human', playerId: 'p1', name: '小红', ready: true, connected: true, autoPlay: false, rating: 1512 },
      yellow: {
        colour: 'yellow',
        kind: 'bot',
        bot: 'strong',
        playerId: '',
        name: '',
        ready: true,
        connected: true,
        autoPlay: false,
        rating: 1600,
      },
    };
    const rated = gameView(tableFacts(rawTable('playing', { seats, rated: true })), start(), 'p1');
    expect(rated.rated).toBe(true);
    expect(rated.seats.map((s) => s.rating)).toEqual([1512, 1600]);
    const casual = gameView(tableFacts(rawTable('playing', { seats, rated: false })), start(), 'p1');
    expect(casual.rated).toBe(false);
    expect(casual.seats.map((s) => s.rating)).toEqual([undefined, undefined]);
  });

  it('names each bot by its colour and strength, in the language shown, so that two bots at a table are told apart', () => {
    const seats = {
      red: { colour: 'red', kind: 'human', playerId: 'p1', name: '小红', ready: true, connected: true, autoPlay: false },
      green: { colour: 'green', kind: 'bot', bot: 'heuristic', playerId: '', name: 'Bot', ready: true, connected: true, autoPlay: false },
      yellow: { colour: 'yellow', kind: 'bot', bot: 'strong', playerId: '', name: 'Bot ★', ready: true, connected: true, autoPlay: false },
      blue: { colour: 'blue', kind: 'human', playerId: 'p4', name: '', ready: true, connected: true, autoPlay: false },
    };
    const view = gameView(
      tableFacts(rawTable('playing', { size: 4, seats })),
      gameOf({ preset: 'online', seats: ['red', 'green', 'yellow', 'blue'], firstSeat: 'red' }),
      'p1',
    );
    const names = () => view.seats.map((s) => seatName(view, s.colour));
    expect(names()).toEqual(['小红', '绿方电脑（中）', '黄方电脑（强）', '蓝方']);
    setLanguage('en');
    try {
      expect(names()).toEqual(['小红', 'Green bot (medium)', 'Yellow bot (strong)', 'Blue']);
    } finally {
      setLanguage('zh-CN');
    }
  });
});

describe('bot names', () => {
  it('are the ones the server gives API readers (botLabel), word for word, in English', () => {
    setLanguage('en');
    try {
      for (const colour of COLOURS) for (const bot of BOT_NAMES) expect(nameOf({ colour, name: '', bot })).toBe(botLabel(colour, bot));
    } finally {
      setLanguage('zh-CN');
    }
  });
});
