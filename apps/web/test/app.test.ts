import { PRESET_NAMES } from '@flightchess/rules';
import { describeRoute } from '../src/play/describe';
import { catalogue, format, setLanguage, t } from '../src/i18n';
import type { MessageKey } from '../src/i18n';
import { inviteLink } from '../src/lobby/lobbyView';
import { ruleLines } from '../src/rules/rulesScreen';
import { tableFacts } from '@flightchess/protocol';
import { type Route, hashOf, joinCodeFromSearch, parseRoute, routeFromSearch } from '../src/router';
import { act, gameOf } from './support';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('has every key in both languages, non-empty, with the same placeholders', () => {
    const zh = catalogue('zh-CN');
    const en = catalogue('en');
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const key of Object.keys(zh) as MessageKey[]) {
      expect(zh[key].length).toBeGreaterThan(0);
      expect(en[key].length).toBeGreaterThan(0);
      expect([key, placeholders(en[key])]).toEqual([key, placeholders(zh[key])]);
    }
  });

  it('defaults to Simplified Chinese and switches to English', () => {
    expect(t('game.roll')).toBe('掷骰子');
    setLanguage('en');
    expect(t('game.roll')).toBe('Roll');
    expect(t('event.rolled', { name: 'Red', roll: 6 })).toBe('Red rolled 6');
  });

  it('leaves an unknown placeholder visible instead of dropping it', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('routes', () => {
  it('round-trips every route through the address hash', () => {
    const routes: Route[] = [
      { name: 'home' },
      { name: 'offline' },
      { name: 'friends' },
      { name: 'new-offline', mode: 'computer' },
      { name: 'new-offline', mode: 'local' },
      { name: 'table', roomId: 'a_B-1' },
      { name: 'join', code: 'ACDEFG' },
      { name: 'quick' },
      { name: 'replay', matchId: 'm/1' },
      { name: 'replay-offline' },
      { name: 'rules', preset: 'plyyard' },
      { name: 'profile', playerId: 'p_1/x' },
      { name: 'leaderboard' },
      { name: 'leaderboard', tab: '4p' },
      { name: 'leaderboard', tab: '2v2' },
      { name: 'match', matchId: 'm 2' },
      { name: 'sign-in' },
      { name: 'link', code: 'ACDEFGHJ' },
      { name: 'signed-out' },
      { name: 'admin' },
      { name: 'tournaments' },
      { name: 'tournament', id: 'aB-_9' },
    ];
    for (const route of routes) expect(parseRoute(hashOf(route))).toEqual(route);
    expect(parseRoute('#/nowhere')).toEqual({ name: 'home' });
    expect(parseRoute('#/join/acdefg')).toEqual({ name: 'join', code: 'ACDEFG' });
    expect(parseRoute('#/profile')).toEqual({ name: 'home' });
    expect(parseRoute('#/leaderboard/5p')).toEqual({ name: 'leaderboard' });
    expect(parseRoute('#/match/')).toEqual({ name: 'home' });
  });

  it('invites to a private table with the server’s join link and to a public one by its room', () => {
    const location = { origin: 'http://localhost:2567', pathname: '/' };
    expect(inviteLink(tableFacts({ code: 'ACDEFG' }), 'room1', location)).toBe('http://localhost:2567/?join=ACDEFG');
    expect(inviteLink(tableFacts({ code: '' }), 'room1', location)).toBe('http://localhost:2567/#/table/room1');
    expect(joinCodeFromSearch(new URL(inviteLink(tableFacts({ code: 'ACDEFG' }), 'r', location)).search)).toBe('ACDEFG');
  });

  it('reads the server’s join link (/?join=CODE)', () => {
    expect(joinCodeFromSearch('?join=acd3fg')).toBe('ACD3FG');
    expect(joinCodeFromSearch('?join=<script>')).toBeNull();
    expect(joinCodeFromSearch('')).toBeNull();
  });

  it('reads a device link (/?link=CODE) as the link route, and a join link as the join route', () => {
    expect(routeFromSearch('?link=acdefghj')).toEqual({ name: 'link', code: 'ACDEFGHJ' });
    expect(routeFromSearch('?join=ACDEFG')).toEqual({ name: 'join', code: 'ACDEFG' });
    expect(routeFromSearch('?link=<script>')).toBeNull();
    expect(routeFromSearch('?fast=1')).toBeNull();
  });
});

describe('words for the board', () => {
  it('describes a route preview: steps, the flight, the jump, captures and where it ends', () => {
    const state = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [14, 'hangar', 'hangar', 'hangar'], yellow: [53, 'hangar', 'hangar', 'hangar'] },
    });
    const moved = act(act(state, { type: 'roll', seat: 'red', value: 4 }).state, { type: 'move', seat: 'red', plane: 0 });
    const e = moved.events.find((x) => x.type === 'moved');
    if (e?.type !== 'moved') throw new Error('no move');
    expect(describeRoute(e.route)).toBe('走 4 步 · 飞棋 · 跳子 · 撞回 1 架 · → 第 34 格');
  });

  it('says one step in the singular in English', () => {
    const state = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [20, 'hangar', 'hangar', 'hangar'] },
    });
    const moved = act(act(state, { type: 'roll', seat: 'red', value: 1 }).state, { type: 'move', seat: 'red', plane: 0 });
    const e = moved.events.find((x) => x.type === 'moved');
    if (e?.type !== 'moved') throw new Error('no move');
    const zh = describeRoute(e.route);
    setLanguage('en');
    const en = describeRoute(e.route);
    setLanguage('zh-CN');
    expect([zh, en]).toEqual(['走 1 步 · → 第 21 格', '1 step · → square 21']);
  });

  it('states each preset’s rules from its data', () => {
    for (const p of PRESET_NAMES) expect(ruleLines(p).length).toBeGreaterThan(6);
    expect(ruleLines('plyyard')).toEqual(expect.arrayContaining([t('rules.safe'), t('rules.draw'), t('rules.extraCapture')]));
    expect(ruleLines('online')).toEqual(expect.arrayContaining([t('rules.crossing'), t('rules.teams'), t('rules.resign', { n: 15 })]));
    expect(ruleLines('wango-quick')).toContain(t('rules.planes', { n: 3 }));
  });
});
