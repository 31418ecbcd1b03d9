import type { VerifyAnswer } from '@flightchess/protocol';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';

export interface VerdictLine {
  readonly ok: boolean;
  readonly text: string;
}

/** The server's recomputation of a match (GET /api/matches/:id/verify) in words: the dice, then the replay. */
export function verdictLines(answer: VerifyAnswer, actions: number): [VerdictLine, VerdictLine] {
  const { dice, replay } = answer;
  return [
    dice.ok
      ? { ok: true, text: t('results.verifyOk', { n: dice.value.rolls }) }
      : { ok: false, text: t('results.verifyBad', { reason: errorMessage(dice.error.code) }) },
    !replay.ok
      ? { ok: false, text: t('match.replayBad', { reason: errorMessage(replay.error.code) }) }
      : replay.matchesRecord
        ? { ok: true, text: t('match.replayOk', { n: actions }) }
        : { ok: false, text: t('match.replayDiffers') },
  ];
}
