import type { AnswerStep, GameEvent, TurnStep } from '@flightchess/rules';
import { nextSteps } from '@flightchess/rules';
import { type TurnClock, shownMs } from '@flightchess/protocol';
import type { Match } from '../matches/Match';
import type { Timers } from './timers';
import type { TableConfig } from './tableConfig';

/** What the planner needs of its table. */
export interface PlannerHost {
  readonly timers: Timers;
  readonly turnSeconds: number;
  readonly config: Pick<TableConfig, 'botRollDelayMs' | 'autoMoveDelayMs' | 'moveAnimation'>;
  /** Pauses are for people to follow the game: with nobody connected a table may play on at once. */
  pause(ms: number): number;
  /** Play an automatic step in the table's queue, if `due()` still holds when its turn comes. */
  act(step: TurnStep | AnswerStep, due: () => boolean): void;
  /** A person let the turn time pass: auto-play (托管) takes the seat, in the table's queue, if `due()` still holds. */
  timeOut(step: TurnStep, due: () => boolean): void;
}

/**
 * When whoever acts next acts (the engine's nextSteps): a bot or auto-play seat after a visible pause, a
 * forced move (§9.10) after the move pause, a person within the turn time, or auto-play takes over
 * (§7); a bot answers a pending resignation or draw offer at once, a person within the turn time, or
 * it counts as declined. Timers are replanned only when what is due changes. A turn's pause or time
 * starts once the clients' boards have shown the action before it (`shown`). The deadlines it set are
 * its `clock`, which each step's message carries.
 */
export class TurnPlanner {
  private turnKey = '';
  private answerKey = '';
  private deadline = 0;
  private answerDeadline = 0;
  /** When the clients' boards are done showing the last action (epoch ms). */
  private shownAt = 0;

  constructor(private readonly host: PlannerHost) {}

  /** An action was committed with these events: the boards show them for shownMs from now. */
  shown(events: readonly GameEvent[]): void {
    if (this.host.config.moveAnimation) this.shownAt = Date.now() + shownMs(events);
  }

  /** The deadlines that run now (epoch ms), as the clients are told them. */
  get clock(): TurnClock {
    return {
      ...(this.deadline > 0 && { deadline: this.deadline }),
      ...(this.answerDeadline > 0 && { answerDeadline: this.answerDeadline }),
    };
  }

  plan(match: Match): void {
    const { turn, answer } = nextSteps(match.state, match.control());
    this.planTurn(turn, match.state.rolls);
    this.planAnswer(answer, `${match.state.pendingResign ?? match.state.drawOffer}`);
  }

  /** Forget what was planned (the game ended, went back to seating, or a step must be planned afresh). */
  reset(): void {
    this.turnKey = this.answerKey = '';
    this.host.timers.clear('turn');
    this.host.timers.clear('act');
    this.host.timers.clear('answer');
    this.deadline = this.answerDeadline = 0;
  }

  private planTurn(step: TurnStep | null, rolls: number): void {
    const { host } = this;
    const key = step ? `${step.seat}|${step.action}|${rolls}|${step.by}` : '';
    if (key === this.turnKey) return;
    this.turnKey = key;
    host.timers.clear('turn');
    host.timers.clear('act');
    this.deadline = 0;
    if (!step) return;
    const due = () => this.turnKey === key;
    const showing = Math.max(0, this.shownAt - Date.now());
    if (step.by === 'person') {
      const ms = showing + host.turnSeconds * 1000;
      this.deadline = Date.now() + ms;
      host.timers.set('turn', ms, () => host.timeOut(step, due));
      return;
    }
    const delay = step.action === 'roll' ? host.config.botRollDelayMs : host.config.autoMoveDelayMs;
    host.timers.set('act', host.pause(showing + delay), () => host.act(step, due));
  }

  private planAnswer(step: AnswerStep | null, asker: string): void {
    const { host } = this;
    const key = step ? `${step.action}|${step.seat}|${asker}` : '';
    if (key === this.answerKey) return;
    this.answerKey = key;
    host.timers.clear('answer');
    this.answerDeadline = 0;
    if (!step) return;
    const delay = step.by === 'bot' ? host.pause(host.config.botRollDelayMs) : host.turnSeconds * 1000;
    if (step.by === 'person') this.answerDeadline = Date.now() + delay;
    host.timers.set('answer', delay, () => host.act(step, () => this.answerKey === key));
  }
}
