/** The 19-level rank table of seed 002 (积分级别表), by lifetime score. */
export const LEVELS = [
  { level: 1, name: '初级学员', min: 0 },
  { level: 2, name: '中级学员', min: 501 },
  { level: 3, name: '高级学员', min: 1501 },
  { level: 4, name: '飞行员', min: 3001 },
  { level: 5, name: '一级飞行员', min: 5001 },
  { level: 6, name: '王牌飞行员', min: 7001 },
  { level: 7, name: '飞行组长', min: 10001 },
  { level: 8, name: '飞行小队长', min: 15001 },
  { level: 9, name: '飞行中队长', min: 20001 },
  { level: 10, name: '飞行大队长', min: 30001 },
  { level: 11, name: '飞行少尉', min: 50001 },
  { level: 12, name: '飞行中尉', min: 100001 },
  { level: 13, name: '飞行上尉', min: 200001 },
  { level: 14, name: '飞行少校', min: 300001 },
  { level: 15, name: '飞行中校', min: 500001 },
  { level: 16, name: '飞行上校', min: 1000001 },
  { level: 17, name: '飞行大校', min: 2000001 },
  { level: 18, name: '空军少将', min: 5000001 },
  { level: 19, name: '空军司令', min: 10000001 },
] as const;

export type Level = (typeof LEVELS)[number];

/** The level of a lifetime score; scores below 0 stay at level 1. */
export function levelFor(lifetimeScore: number): Level {
  let found: Level = LEVELS[0];
  for (const l of LEVELS) if (lifetimeScore >= l.min) found = l;
  return found;
}
