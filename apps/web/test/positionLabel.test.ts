import { FINISH, LANE_START } from '@flightchess/rules';
import { positionLabel } from '../src/play/positionLabel';
import { setLanguage } from '../src/i18n';

describe('a plane button’s position label', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('stands on its own in English (no sentence article) and in Chinese', () => {
    setLanguage('en');
    expect(['hangar', 0, 12, LANE_START + 2, FINISH].map((p) => positionLabel(p as never))).toEqual([
      'Hangar',
      'Launch',
      'Square 12',
      'Lane 3',
      '✓',
    ]);
    setLanguage('zh-CN');
    expect(['hangar', 0, 12, LANE_START + 2].map((p) => positionLabel(p as never))).toEqual(['机场', '起飞点', '第 12 格', '跑道第 3 格']);
  });
});
