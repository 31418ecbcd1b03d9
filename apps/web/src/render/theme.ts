import type { Colour } from '@flightchess/rules';

/** Board colours: the four seat colours in a strong and a light shade, as on a printed 飞行棋 board. */
export const SEAT_COLOURS: Readonly<Record<Colour, { strong: number; light: number; dark: number }>> = {
  red: { strong: 0xe53935, light: 0xffcdd2, dark: 0xb71c1c },
  green: { strong: 0x43a047, light: 0xc8e6c9, dark: 0x1b5e20 },
  yellow: { strong: 0xfbc02d, light: 0xfff3c4, dark: 0xc17900 },
  blue: { strong: 0x1e88e5, light: 0xbbdefb, dark: 0x0d47a1 },
};

export const BOARD = {
  background: 0xfffaf0,
  frame: 0x8d6e63,
  ink: 0x37474f,
  white: 0xffffff,
  capture: 0xd50000,
  back: 0xff6f00,
  highlight: 0xffd600,
} as const;

/** A CJK-capable font stack: Noto Sans CJK SC on Linux, PingFang / YaHei elsewhere. */
export const FONT_STACK =
  '"Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", "Source Han Sans SC", system-ui, sans-serif';
