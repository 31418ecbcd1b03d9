import { secondsLeft } from '../ratings/timeLeft';

/**
 * The seconds a turn's timer shows: what is left until its deadline, never more than the table's turn
 * time. The server's deadline also covers the board showing the step before (its animation), a grace the
 * player did not lose: the timer holds at the turn time while it shows, then counts down from there.
 */
export function turnSecondsShown(deadline: number, now: number, turnSeconds: number | undefined): number {
  const left = secondsLeft(deadline, now);
  return turnSeconds === undefined ? left : Math.min(Math.ceil(turnSeconds), left);
}
