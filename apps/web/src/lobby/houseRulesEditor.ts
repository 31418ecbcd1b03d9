import type { HouseRules } from '@flightchess/rules';
import { t } from '../i18n';
import { h, select } from '../ui/dom';

type Choice = readonly [value: string, label: string];

/** One house-rule control: '' keeps the preset's value. */
interface RuleField {
  readonly key: keyof HouseRules;
  readonly label: string;
  readonly choices: readonly Choice[];
  readonly parse: (value: string) => HouseRules[keyof HouseRules];
}

const bool = (v: string) => v === 'on';

function fields(): RuleField[] {
  const onOff: Choice[] = [
    ['on', t('house.yes')],
    ['off', t('house.no')],
  ];
  return [
    {
      key: 'takeoff',
      label: t('house.takeoff'),
      choices: [
        ['5,6', t('house.takeoff.56')],
        ['6', t('house.takeoff.6')],
      ],
      parse: (v) => v.split(',').map(Number),
    },
    {
      key: 'threeSixes',
      label: t('house.threeSixes'),
      choices: (['none', 'void', 'last-moved-home', 'all-home'] as const).map((v) => [v, t(`house.threeSixes.${v}`)] as const),
      parse: (v) => v as HouseRules['threeSixes'],
    },
    {
      key: 'stacks',
      label: t('house.stacks'),
      choices: (['block', 'pass', 'none'] as const).map((v) => [v, t(`house.stacks.${v}`)] as const),
      parse: (v) => v as HouseRules['stacks'],
    },
    {
      key: 'finish',
      label: t('house.finish'),
      choices: (['bounce', 'exact', 'overshoot'] as const).map((v) => [v, t(`house.finish.${v}`)] as const),
      parse: (v) => v as HouseRules['finish'],
    },
    { key: 'jump', label: t('house.jump'), choices: onOff, parse: bool },
    { key: 'flight', label: t('house.flight'), choices: onOff, parse: bool },
    { key: 'crossing', label: t('house.crossing'), choices: onOff, parse: bool },
    { key: 'safeSquares', label: t('house.safeSquares'), choices: onOff, parse: bool },
    // Casual tables of two people or more play it unless the host says not (a rated table refuses "yes").
    { key: 'leftSeatsPlayOn', label: t('house.leftSeatsPlayOn'), choices: onOff, parse: bool },
  ];
}

/** A collapsible set of house-rule selects; `value()` returns only the options changed from the preset. */
export function houseRulesEditor(prefix: string): { el: HTMLElement; value: () => HouseRules } {
  const all = fields();
  const selects = all.map((f) => select(`${prefix}-${f.key}`, [['', t('home.houseDefault')], ...f.choices], ''));
  const el = h(
    'details',
    { class: 'house-rules' },
    h('summary', { text: t('home.houseRules') }),
    h('div', { class: 'grid' }, ...all.map((f, i) => h('label', { for: selects[i]!.id }, h('span', { text: f.label }), selects[i]!))),
  );
  return {
    el,
    value() {
      const options: Record<string, unknown> = {};
      all.forEach((f, i) => {
        const v = selects[i]!.value;
        if (v) options[f.key] = f.parse(v);
      });
      return options as HouseRules;
    },
  };
}
