import type { Messages } from '../zh-CN';
import { account } from './account';
import { admin } from './admin';
import { common } from './common';
import { events } from './events';
import { friends } from './friends';
import { ending } from './ending';
import { game } from './game';
import { home } from './home';
import { ratings } from './ratings';
import { review } from './review';
import { rules } from './rules';
import { table } from './table';
import { tournaments } from './tournaments';

/** English: the same keys as ../zh-CN (the compiler checks, area by area). */
export const en: Messages = {
  ...common,
  ...home,
  ...table,
  ...game,
  ...events,
  ...ending,
  ...rules,
  ...review,
  ...account,
  ...admin,
  ...ratings,
  ...friends,
  ...tournaments,
};
