import { type MatchRecord, tableFacts } from '@flightchess/protocol';
import { controlsOf } from '../src/play/controls';
import { gameView, openSeat } from '../src/play/gameView';
import { standInLines } from '../src/results/standInsView';
import { setLanguage } from '../src/i18n';
import { act, gameOf } from './support';
import { rawTable } from './fakeRoom';

/** A casual three-seat table in play: 小红 (p1), Bob (p2) and a bot; Bob's seat as `bob` says. */
const table = (bob: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  tableFacts(
    rawTable('playing', {
      size: 3,
      seats: {
        red: { colour: 'red', kind: 'human', playerId: 'p1', name: '小红', connected: true },
        green: { colour: 'green', kind: 'human', playerId: 'p2', name: 'Bob', connected: false, ...bob },
        yellow: { colour: 'yellow', kind: 'bot', bot: 'strong', name: 'Yellow bot', connected: true },
      },
      ...extra,
    }),
  );
const LEFT = { autoPlay: true, autoPlayBy: 'left' };

describe('a seat its player left, offered to a friend to take over', () => {
  it('is offered by whoever is still in a casual game, not to or by the one who left, nor at a rated table, nor once taken', () => {
    expect(openSeat(table(LEFT), 'p1')).toEqual({ colour: 'green', name: 'Bob', leftBy: 'p2' });
    expect(openSeat(table(LEFT), 'p2')).toBeNull(); // the one who left: his own seat shows him so
    expect(openSeat(table(LEFT), 'someone-watching')).toBeNull();
    expect(openSeat(table(LEFT, { rated: true }), 'p1')).toBeNull();
    expect(openSeat(table(LEFT, { status: 'over' }), 'p1')).toBeNull();
    expect(openSeat(table({ ...LEFT, playerId: 'p3', name: 'Cat', standsFor: 'Bob', autoPlay: false, autoPlayBy: '' }), 'p1')).toBeNull();
    expect(openSeat(table({ autoPlay: true, autoPlayBy: 'away' }), 'p1')).toBeNull();
    // The one who took a seat over is in the game: they may offer another.
    const two = tableFacts(
      rawTable('playing', {
        size: 3,
        seats: {
          red: { colour: 'red', kind: 'human', playerId: 'p3', name: 'Cat', standsFor: '小红', connected: true },
          green: { colour: 'green', kind: 'human', playerId: 'p2', name: 'Bob', ...LEFT },
        },
      }),
    );
    expect(openSeat(two, 'p3')).toMatchObject({ colour: 'green' });
  });

  it('at a team table only the seat’s team-mate offers it: its fate is theirs', () => {
    const teams = tableFacts(
      rawTable('playing', {
        size: 4,
        teams: true,
        seats: {
          red: { colour: 'red', team: 0, kind: 'human', playerId: 'p1', name: '小红', ...LEFT },
          green: { colour: 'green', team: 1, kind: 'human', playerId: 'p2', name: 'Bob' },
          yellow: { colour: 'yellow', team: 0, kind: 'human', playerId: 'p3', name: 'Yan' },
          blue: { colour: 'blue', team: 1, kind: 'bot', bot: 'strong', name: 'Blue bot' },
        },
      }),
    );
    expect(openSeat(teams, 'p3')).toMatchObject({ colour: 'red', leftBy: 'p1' });
    expect(openSeat(teams, 'p2')).toBeNull();
  });

  it('the seat its player left cannot be resigned for, by who left nor by who took it over; its turns are not theirs to take back', () => {
    const setup = {
      preset: 'online' as const,
      seats: ['red', 'green', 'yellow'] as const,
      options: { leftSeatsPlayOn: true },
      firstSeat: 'red' as const,
    };
    let game = gameOf({ ...setup, seats: [...setup.seats] });
    game = act(game, { type: 'escape', seat: 'green' }).state;
    expect(game.left.green).toBeDefined();
    const ask = (bob: Record<string, unknown>, me: string) => controlsOf(gameView(table(bob), { ...game, rolls: 20 }, me), null);
    const left = ask(LEFT, 'p2');
    expect(left).toMatchObject({ own: 'green', canResign: false, autoPlayBy: 'left' });
    const standIn = ask({ playerId: 'p3', name: 'Cat', standsFor: 'Bob', autoPlay: false, autoPlayBy: '' }, 'p3');
    expect(standIn).toMatchObject({ own: 'green', canResign: false, autoPlayBy: null });
    expect(ask(LEFT, 'p1').canResign).toBe(true);
  });

  it('the record says who played which part, by the replay’s steps, in both languages', () => {
    const match = {
      actions: new Array(40).fill({ type: 'roll', seat: 'red', value: 1 }),
      seats: [
        { colour: 'red', kind: 'human', bot: null, playerId: 'p1', name: '小红' },
        {
          colour: 'green',
          kind: 'human',
          bot: null,
          playerId: 'p2',
          name: 'Bob',
          standIns: [
            { playerId: 'p3', name: 'Cat', fromAction: 12, toAction: 20 },
            { playerId: 'p4', name: 'Dan', fromAction: 25, toAction: null },
          ],
        },
      ],
    } as unknown as MatchRecord;
    setLanguage('en');
    expect(standInLines(match)).toEqual(["Cat played Bob's seat from step 12 to step 20", "Dan played Bob's seat from step 25 to step 40"]);
    setLanguage('zh-CN');
    expect(standInLines(match)[0]).toBe('Cat 接手 Bob 的座位：第 12 步到第 20 步');
    expect(standInLines({ ...match, seats: [match.seats[0]!] })).toEqual([]);
  });
});
