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

/** 简体中文: the default language. Every UI string lives here, by area, and in ../en (the same keys). */
export const zhCN = {
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
} as const;

export type MessageKey = keyof typeof zhCN;
export type Messages = Readonly<Record<MessageKey, string>>;
/** Another language's messages for one area: every key of its zh-CN file, and no other. */
export type Translation<Area> = Readonly<Record<keyof Area, string>>;
