import type { Colour } from '../src';
import { ALL4, type ErrorRow, H, type Row, act, answer, fleet, game, greenAt, idle, idleEvents, rm, runErrorRow, runRow } from './helpers';

/** RULES.md §7 online play: resign, team consent, escape, forfeit, out seats; §5 plyyard draw and resign. */

/** Enough idle rolls (at least 15, a whole number of rounds) that anyone may resign and red is to roll again. */
const rounds = (seats: readonly Colour[]) => Math.ceil(15 / seats.length) * seats.length;
const warm = (seats: readonly Colour[]) => idle(seats, rounds(seats));
const warmEvents = (seats: readonly Colour[]) => idleEvents(rounds(seats));

const RY: readonly Colour[] = ['red', 'yellow'];
const RGY: readonly Colour[] = ['red', 'green', 'yellow'];
const teams = (planes = {}) => game('online', planes, { seats: ALL4, teams: true });

const ROWS: readonly Row[] = [
  {
    name: '§7 resign, two players: allowed after 15 rolls, the game ends at once',
    setup: game('online', { yellow: [56] }),
    actions: [...warm(RY), act('resign', 'yellow')],
    planes: { yellow: fleet(56) },
    events: [...warmEvents(RY), 'out', 'game-over'],
    has: [
      { type: 'out', seat: 'yellow', reason: 'resign' },
      { type: 'game-over', result: { winner: 'red', winners: ['red'], reason: 'resign' } },
    ],
    next: 'over: red',
  },
  {
    name: '§7 resign: allowed exactly when the game has had 15 rolls',
    setup: game('traditional'),
    actions: [...idle(RY, 15), act('resign', 'red')],
    planes: { red: fleet(), yellow: fleet() },
    events: [...idleEvents(15), 'out', 'game-over'],
    next: 'over: yellow',
  },
  {
    name: '§7 resign, three players: the game goes on without that seat',
    setup: game('online', { green: [56] }, { seats: RGY }),
    actions: [...warm(RGY), act('resign', 'green'), ...idle(['red'], 1)],
    planes: { green: fleet(56) },
    events: [...warmEvents(RGY), 'out', ...idleEvents(1)],
    has: [
      { type: 'out', seat: 'green', reason: 'resign' },
      { type: 'turn', seat: 'yellow' },
    ],
    next: 'yellow roll',
  },
  {
    name: '§7 resign, four players: the seat to move resigns and the turn passes on',
    setup: game('improved', {}, { seats: ALL4 }),
    actions: [...warm(ALL4), act('resign', 'red')],
    planes: { red: fleet() },
    events: [...warmEvents(ALL4), 'out', 'turn'],
    next: 'green roll',
  },
  {
    name: "§7 team resign needs the team-mate's consent: the request alone changes nothing",
    setup: teams({ red: [56] }),
    actions: [...warm(ALL4), act('resign', 'red')],
    planes: { red: fleet(56) },
    events: [...warmEvents(ALL4), 'resign-requested'],
    has: [{ type: 'resign-requested', seat: 'red', mate: 'yellow' }],
    next: 'red roll',
    then: (state) => expect(state.pendingResign).toBe('red'),
  },
  {
    name: '§7 team resign accepted: the seat is out, the team-mate plays on alone against two',
    setup: teams({ red: [56] }),
    actions: [...warm(ALL4), act('resign', 'red'), answer('answer-resign', 'yellow', true), ...idle(['green', 'yellow', 'blue'], 3)],
    planes: { red: fleet(56) },
    events: [...warmEvents(ALL4), 'resign-requested', 'out', 'turn', ...idleEvents(3)],
    has: [
      { type: 'out', seat: 'red', reason: 'resign' },
      { type: 'turn', seat: 'green' },
      { type: 'turn', seat: 'yellow' },
      { type: 'turn', seat: 'blue' },
      { type: 'turn', seat: 'green' },
    ],
    next: 'green roll',
  },
  {
    name: '§7 team resign declined: the seat plays on',
    setup: teams(),
    actions: [...warm(ALL4), act('resign', 'red'), answer('answer-resign', 'yellow', false), ...rm('red', 6, 0)],
    planes: { red: fleet(0) },
    events: [...warmEvents(ALL4), 'resign-requested', 'resign-declined', 'rolled', 'moved', 'extra-roll'],
    has: [{ type: 'resign-declined', seat: 'red', mate: 'yellow' }],
    next: 'red roll',
  },
  {
    name: '§7 team: with the team-mate already out, a resignation needs no consent — both out, the other team wins',
    setup: teams(),
    actions: [act('escape', 'yellow'), ...warm(['red', 'green', 'blue']), act('resign', 'red')],
    planes: { red: fleet(), yellow: fleet() },
    events: ['out', ...warmEvents(['red', 'green', 'blue']), 'out', 'game-over'],
    has: [{ type: 'game-over', result: { winner: 'green', winners: ['green', 'blue'], reason: 'resign' } }],
    next: 'over: green',
  },
  {
    name: '§7 team: both members of one team escaped — the other team wins',
    setup: teams({ blue: [56] }),
    actions: [act('escape', 'green'), act('escape', 'blue')],
    planes: { green: fleet(), blue: fleet(56) },
    events: ['out', 'out', 'game-over'],
    has: [{ type: 'game-over', result: { winner: 'red', winners: ['red', 'yellow'], reason: 'escape' } }],
    next: 'over: red',
  },
  {
    name: '§7 team escape: no consent needed; the team-mate plays on, the turn order skips the seat',
    setup: teams(),
    actions: [act('escape', 'green'), ...idle(['red', 'yellow'], 2)],
    planes: { green: fleet() },
    events: ['out', ...idleEvents(2)],
    has: [
      { type: 'out', seat: 'green', reason: 'escape' },
      { type: 'turn', seat: 'yellow' },
      { type: 'turn', seat: 'blue' },
    ],
    next: 'blue roll',
  },
  {
    name: '§7 escape, two players: the game ends, whatever the number of rolls',
    setup: game('online', { red: [20] }),
    actions: [act('escape', 'red')],
    planes: { red: fleet() },
    events: ['out', 'game-over'],
    has: [{ type: 'game-over', result: { winner: 'yellow', reason: 'escape' } }],
    next: 'over: yellow',
  },
  {
    name: '§7 escape, three players: the seat is out, the game goes on',
    setup: game('wango-classic', {}, { seats: RGY }),
    actions: [act('escape', 'yellow'), ...idle(['red', 'green'], 2)],
    planes: { yellow: fleet() },
    events: ['out', ...idleEvents(2)],
    next: 'red roll',
  },
  {
    name: '§7 forfeit (disconnect held 3 minutes), team mode: out at once, before 15 rolls and without consent',
    setup: teams({ red: [10] }),
    actions: [act('forfeit', 'red')],
    planes: { red: fleet() },
    events: ['out', 'turn'],
    has: [{ type: 'out', seat: 'red', reason: 'forfeit' }],
    next: 'green roll',
  },
  {
    name: '§7 forfeit, two players: treated as a resignation, the game ends',
    setup: game('online'),
    actions: [act('forfeit', 'yellow')],
    planes: { yellow: fleet() },
    events: ['out', 'game-over'],
    has: [{ type: 'game-over', result: { winner: 'red', reason: 'forfeit' } }],
    next: 'over: red',
  },
  {
    name: '§7 out seats: the planes of a seat that is out leave the board and can no longer be captured',
    setup: game('online', { red: [20], green: [greenAt(23), 0, 56, 53] }, { seats: RGY }),
    actions: [act('escape', 'green'), ...rm('red', 3, 0)],
    planes: { red: fleet(23), green: fleet(H, H, 56, H) },
    events: ['out', 'rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§5 plyyard: both players agree to a draw',
    setup: game('plyyard', { red: [10] }),
    actions: [act('offer-draw', 'red'), answer('answer-draw', 'yellow', true)],
    planes: { red: fleet(10) },
    events: ['draw-offered', 'game-over'],
    has: [{ type: 'game-over', result: { winner: null, winners: [], reason: 'draw' } }],
    next: 'over: draw',
  },
  {
    name: '§5 plyyard: a declined draw offer lets the game go on',
    setup: game('plyyard', { red: [10] }),
    actions: [act('offer-draw', 'yellow'), answer('answer-draw', 'red', false), ...rm('red', 3, 0)],
    planes: { red: fleet(13) },
    events: ['draw-offered', 'draw-declined', 'rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§5 plyyard: either player may resign at any time (no roll minimum)',
    setup: game('plyyard'),
    actions: [act('resign', 'yellow')],
    planes: { yellow: fleet() },
    events: ['out', 'game-over'],
    next: 'over: red',
  },
];

describe('§7 online play: resign, consent, escape, forfeit, draw', () => {
  test.each(ROWS)('$name', runRow);
});

const ERRORS: readonly ErrorRow[] = [
  {
    name: '§7 resign after 14 rolls is too early',
    setup: game('online'),
    before: idle(RY, 14),
    action: act('resign', 'red'),
    code: 'ERR_RESIGN_TOO_EARLY',
  },
  {
    name: '§7 team resign is too early before 15 rolls as well',
    setup: teams(),
    before: [],
    action: act('resign', 'green'),
    code: 'ERR_RESIGN_TOO_EARLY',
  },
  {
    name: '§7 team: a second resignation while one waits for consent',
    setup: teams(),
    before: [...warm(ALL4), act('resign', 'red')],
    action: act('resign', 'green'),
    code: 'ERR_NOT_ALLOWED',
  },
  {
    name: '§7 team: only the team-mate may answer a resignation',
    setup: teams(),
    before: [...warm(ALL4), act('resign', 'red')],
    action: answer('answer-resign', 'green', true),
    code: 'ERR_NOTHING_PENDING',
  },
  {
    name: '§7 team: answering when no resignation waits',
    setup: teams(),
    before: [],
    action: answer('answer-resign', 'yellow', true),
    code: 'ERR_NOTHING_PENDING',
  },
  {
    name: '§7 team: a request dies with the seat that asked (it escaped)',
    setup: teams(),
    before: [...warm(ALL4), act('resign', 'red'), act('escape', 'red')],
    action: answer('answer-resign', 'yellow', true),
    code: 'ERR_NOTHING_PENDING',
  },
  {
    name: '§7 a seat that is out cannot act again',
    setup: game('online', {}, { seats: RGY }),
    before: [act('escape', 'green')],
    action: act('escape', 'green'),
    code: 'ERR_NOT_IN_GAME',
  },
  {
    name: '§7 a colour not seated cannot resign',
    setup: game('plyyard'),
    before: [],
    action: act('resign', 'green'),
    code: 'ERR_NOT_IN_GAME',
  },
  {
    name: '§0 draw by agreement: online has none',
    setup: game('online'),
    before: [],
    action: act('offer-draw', 'red'),
    code: 'ERR_NOT_ALLOWED',
  },
  {
    name: '§5 plyyard: a second draw offer while one waits',
    setup: game('plyyard'),
    before: [act('offer-draw', 'red')],
    action: act('offer-draw', 'yellow'),
    code: 'ERR_NOT_ALLOWED',
  },
  {
    name: '§5 plyyard: the offering player cannot accept its own offer',
    setup: game('plyyard'),
    before: [act('offer-draw', 'red')],
    action: answer('answer-draw', 'red', true),
    code: 'ERR_NOTHING_PENDING',
  },
  {
    name: '§5 plyyard: answering when no draw is offered',
    setup: game('plyyard'),
    before: [],
    action: answer('answer-draw', 'yellow', true),
    code: 'ERR_NOTHING_PENDING',
  },
];

describe('§7 online play: refused actions', () => {
  test.each(ERRORS)('$name → $code', runErrorRow);
});
