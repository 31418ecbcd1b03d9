/** The game screen's buttons, drawn from the controls: planes to pick, the actions, and the answers to a draw offer or a resignation. */
import { planeKey } from '../board/placement';
import { planeNumber } from '../board/planeNumber';
import { t } from '../i18n';
import { confirmDialog } from '../ui/confirmDialog';
import { type Child, h } from '../ui/dom';
import type { Controls } from './controls';
import { describePosition, seatName } from './describe';
import { positionLabel } from './positionLabel';
import type { GameController } from './gameController';

/** Makes a click handler that runs `f` on the screen's controller, looked up at the click (see GameScreen.render). */
export type Act = (f: (c: GameController) => void) => () => void;

const button = (label: string, onClick: () => void, enabled: boolean, cls = '', testid = '') =>
  h('button', { class: cls, text: label, disabled: !enabled, on: { click: onClick }, data: testid ? { testid } : {} });

/** Plane buttons for the seat to move: the keyboard-free, screen-reader way to pick a plane. None when no local seat is to move. */
export function planeButtons(controls: Controls, act: Act): HTMLElement[] {
  const { state } = controls.view;
  const acting = controls.acting;
  if (!acting || state.phase !== 'move') return [];
  const planes = state.planes[acting] ?? [];
  return planes.map((position, plane) =>
    h(
      'button',
      {
        class: `plane-button colour-${acting}`,
        disabled: !controls.movable.includes(plane),
        aria: { pressed: String(controls.selected === plane), label: `${planeNumber(plane)} · ${describePosition(position)}` },
        data: { plane: String(plane), position: String(position) },
        on: { click: act((c) => c.tapPlane(planeKey({ colour: acting, plane }))) },
      },
      h('span', { class: 'plane-no', text: String(planeNumber(plane)) }),
      h('span', { class: 'plane-where', text: positionLabel(position) }),
    ),
  );
}

export interface ActionOptions {
  readonly act: Act;
  /** Online without a seat: a watcher, who has nothing to press. */
  readonly watching: boolean;
  /** What is shown below (the results) has its own button home. */
  readonly belowHasHome: boolean;
  readonly onLeave: () => void;
}

/** Roll, confirm, 托管, resign, offer a draw, and leave: each shown only when it can mean something, enabled when it may act now. */
export function actionButtons(controls: Controls, options: ActionOptions): Child[] {
  const { act, watching } = options;
  const { state } = controls.view;
  const over = state.phase === 'over';
  return [
    over || watching
      ? null
      : button(
          t('game.roll'),
          act((c) => c.roll()),
          controls.canRoll,
          'primary roll',
          'roll',
        ),
    over || watching
      ? null
      : button(
          t('game.confirm'),
          act((c) => c.confirm()),
          controls.selected !== null,
          'primary',
          'confirm',
        ),
    // On: the banner above holds the way back.
    controls.own && !over && !controls.autoPlay
      ? button(
          t('game.autoOn'),
          act((c) => c.toggleAutoPlay()),
          controls.linked,
          '',
          'auto',
        )
      : null,
    // A seat its player left plays on (taken over or not): nobody resigns for it.
    controls.own && !over && !state.left[controls.own]
      ? button(
          // Not yet allowed: say when it will be.
          controls.rollsBeforeResign > 0
            ? t('game.resignAfter', { n: state.config.resignAfterRolls, left: controls.rollsBeforeResign })
            : t('game.resign'),
          act((c) => void confirmDialog(t('game.resignConfirm'), t('game.resign')).then((sure) => sure && c.resign())),
          controls.canResign,
          '',
          'resign',
        )
      : null,
    state.config.drawByAgreement && !over && !watching
      ? button(
          t('game.offerDraw'),
          act((c) => c.offerDraw()),
          controls.canOfferDraw,
          '',
          'draw',
        )
      : null,
    // Over: the results bring their own button home; until they show, this one leads home.
    over && options.belowHasHome
      ? null
      : button(over ? t('results.home') : t('game.leave'), () => options.onLeave(), true, 'leave', 'leave'),
  ];
}

/** Accept or decline: a draw another seat offered, or a team-mate's resignation, when this client answers it. */
export function answerButtons(controls: Controls, act: Act): HTMLElement[] {
  const { view } = controls;
  const answers: HTMLElement[] = [];
  if (controls.drawToAnswer) {
    answers.push(
      h('p', { text: t('game.drawOffered', { name: seatName(view, controls.drawToAnswer) }) }),
      button(
        t('game.acceptDraw'),
        act((c) => c.answerDraw(true)),
        true,
        'primary',
      ),
      button(
        t('game.declineDraw'),
        act((c) => c.answerDraw(false)),
        true,
      ),
    );
  }
  if (controls.resignToAnswer) {
    answers.push(
      h('p', { text: t('game.resignAsked', { name: seatName(view, controls.resignToAnswer) }) }),
      button(
        t('game.accept'),
        act((c) => c.answerResign(true)),
        true,
        'primary',
      ),
      button(
        t('game.decline'),
        act((c) => c.answerResign(false)),
        true,
      ),
    );
  }
  return answers;
}
