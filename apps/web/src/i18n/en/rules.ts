import type { Translation } from '../zh-CN';
import type { rules as zh } from '../zh-CN/rules';

/** English: the same keys as ../zh-CN/rules.ts (the compiler checks). */
export const rules: Translation<typeof zh> = {
  'rules.title': 'Rules',
  'rules.back': 'Back',
  'rules.players': 'Players: {min}–{max}',
  'rules.planes': '{n} planes each',
  'rules.takeoff': 'Take off with {values}',
  'rules.extra': 'A 6 earns another roll',
  'rules.extraCapture': 'A capture or an arrival also earns another roll',
  'rules.jump': 'Landing on your own colour jumps to the next square of your colour',
  'rules.flight': 'Landing on your flight square flies along the dashed line',
  'rules.crossing': 'A flight sends home an opponent on the crossing square',
  'rules.stacks.block': 'Two or more planes of one colour form a stack that opponents cannot pass',
  'rules.stacks.pass': 'Stacks do not block; landing on one sends it all home',
  'rules.stacks.none': 'No stacks: landing on opponents sends them home',
  'rules.finish.bounce': 'Reach the finish exactly; extra steps bounce back',
  'rules.finish.exact': 'Reach the finish exactly or the move is not allowed',
  'rules.finish.overshoot': 'Reaching or passing the finish arrives',
  'rules.threeSixes.none': 'No special rule for three sixes',
  'rules.threeSixes.void': 'A third six in a row is void and ends the turn',
  'rules.threeSixes.last-moved-home': 'A third six sends the last moved plane home',
  'rules.threeSixes.all-home': 'A third six sends all your planes home',
  'rules.safe': 'Entry squares and stars are safe',
  'rules.teams': 'Teams allowed: Red and Yellow vs Green and Blue',
  'rules.draw': 'Players may agree a draw and may resign at any time',
  'rules.resign': 'Resigning is allowed after {n} rolls',
  'rules.win': 'The first player with every plane home wins',
};
