import type { Translation } from '../zh-CN';
import type { common as zh } from '../zh-CN/common';

/** English: the same keys as ../zh-CN/common.ts (the compiler checks). */
export const common: Translation<typeof zh> = {
  'app.title': 'Flight Chess',
  'app.description':
    'Flight Chess (Aeroplane Chess, 飞行棋): play friends online, 2v2 teams, hot-seat or against bots, with provably fair server dice. Open source and self-hostable.',

  'lang.switch': '中文',
  'dialog.cancel': 'Cancel',
  'dialog.confirm': 'OK',

  'lang.label': 'Language',

  'colour.red': 'Red',
  'colour.green': 'Green',
  'colour.yellow': 'Yellow',
  'colour.blue': 'Blue',
  'colour.side': '{colour}',

  'bot.level.random': 'easy',
  'bot.level.heuristic': 'medium',
  'bot.level.strong': 'strong',
  'bot.level.expert': 'expert',
  'bot.name': 'Bot ({level})',
  'seat.bot': '{side} bot ({level})',

  'team.name': '{a}+{b} team',

  'preset.online': 'Online classic',
  'preset.traditional': 'Traditional',
  'preset.improved': 'Improved',
  'preset.appfree': 'One jump a move (AppFree)',
  'preset.wango-classic': 'Open stacks (WANGO classic)',
  'preset.wango-quick': 'Quick, 3 planes (WANGO quick)',
  'preset.plyyard': 'Two players, safe squares (Ply Yard)',
  'preset.online.about': 'The default online game: take off on a 5 or 6, 2v2 teams, stacks block, an overshoot bounces back.',
  'preset.traditional.about': 'Family rules: take off only on a 6; otherwise as Online classic.',
  'preset.improved.about': 'Three 6s in a row send all your planes home; stacks can be passed; an overshoot still arrives.',
  'preset.appfree.about':
    'The AppFree app’s rules: one jump or flight per move, three 6s send the last plane home, exact finish, no teams.',
  'preset.wango-classic.about': 'Take off only on a 6, a third 6 in a row is void, stacks do not block, no teams.',
  'preset.wango-quick.about': 'A quick game: 3 planes each, one already on the launch square; otherwise as Open stacks.',
  'preset.plyyard.about':
    'Red against yellow: no jumps or flights, safe squares, another roll after a capture or an arrival, draws by agreement.',

  'time.seconds': '{s} s',
  'time.minutes': '{m} min {s} s',

  'error.notLoaded': 'This page didn’t load. Check your connection and reload the page.',
  'error.unexpected': 'Something unexpected went wrong. Reload the page and try again.',

  'sound.on': 'Sound: on',
  'sound.off': 'Sound: off',

  'net.reconnecting': 'Connection lost, reconnecting… (attempt {n})',
  'net.reconnected': 'Reconnected',
  'net.lost': 'Connection lost',
  'net.replaced': 'This seat is now played from another window',
  'net.closing': 'The table closed: {reason}',

  'level.1': 'Junior Cadet',
  'level.2': 'Intermediate Cadet',
  'level.3': 'Senior Cadet',
  'level.4': 'Pilot',
  'level.5': 'First-Class Pilot',
  'level.6': 'Ace Pilot',
  'level.7': 'Flight Leader',
  'level.8': 'Section Leader',
  'level.9': 'Squadron Leader',
  'level.10': 'Wing Leader',
  'level.11': 'Second Lieutenant',
  'level.12': 'First Lieutenant',
  'level.13': 'Captain',
  'level.14': 'Major',
  'level.15': 'Lieutenant Colonel',
  'level.16': 'Colonel',
  'level.17': 'Senior Colonel',
  'level.18': 'Major General',
  'level.19': 'Air Marshal',
};
