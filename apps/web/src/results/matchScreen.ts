import type { MatchRecord, VerifyAnswer } from '@flightchess/protocol';
import { type GameState, replayGame } from '@flightchess/rules';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { onlineResults } from './results';
import { matchPlayers } from '../play/gameView';
import { type VerdictLine, verdictLines } from './verdict';
import { t } from '../i18n';
import { failureOf } from '../online/netSession';
import { h } from '../ui/dom';
import { hashOf } from '../router';
import { presetName } from '../play/describe';
import { ReviewPanel } from '../review/reviewPanel';
import { failureText, recordPage } from '../recordPage';
import { dateTime } from '../ui/timeWords';
import { headlineOf, standingsView } from './resultsView';
import { seatList } from '../play/seatList';
import { abortReasonText } from '../admin/tableClosedView';
import { standInsView } from './standInsView';

/** What the verify button has found so far (kept across redraws, so a language switch keeps it). */
type Verification =
  | { readonly kind: 'none' }
  | { readonly kind: 'pending' }
  | { readonly kind: 'done'; readonly answer: VerifyAnswer }
  | { readonly kind: 'failed'; readonly text: string };

/** A stored match made readable (POST /api/matches/:id, as this player): players and results, the dice commitment and seed, verification, replay. */
export function matchScreen(ctx: AppContext, matchId: string): Screen {
  let verification: Verification = { kind: 'none' };
  let review: ReviewPanel | null = null;
  return recordPage<LoadedMatch>(ctx, {
    self: { name: 'match', matchId },
    className: 'match',
    loading: 'match.loading',
    load: async () => loaded(await ctx.net.match(matchId)),
    render: ({ match, final }, redraw) => {
      const verify = () => {
        verification = { kind: 'pending' };
        redraw();
        ctx.net
          .verify(match.id)
          .then(
            (answer) => (verification = { kind: 'done', answer }),
            (error) => (verification = { kind: 'failed', text: failureText(failureOf(error)) }),
          )
          .finally(redraw);
      };
      return [
        h('h1', { text: t('match.title') }),
        h('p', {
          class: 'meta',
          data: { testid: 'match-meta' },
          text: t('match.meta', {
            preset: presetName(match.setup.preset),
            base: match.base,
            when: dateTime(match.startedAt),
            status: t(`match.status.${match.status}`),
          }),
        }),
        match.abortReason ? h('p', { class: 'note', text: t('match.aborted', { reason: abortReasonText(match.abortReason) }) }) : null,
        players(match, final, ctx.net.credentials()?.playerId ?? ''),
        standInsView(match),
        reviewOf(match),
        h(
          'section',
          { class: 'card fairness', data: { testid: 'fairness' } },
          h('h2', { text: t('match.fairness') }),
          h('p', { class: 'note', text: t('match.fairnessNote') }),
          h('h3', { text: t('match.commitment') }),
          h('code', { class: 'hash', text: match.commitment, data: { testid: 'commitment' } }),
          h('h3', { text: t('match.seed') }),
          match.seed
            ? h('code', { class: 'hash', text: match.seed, data: { testid: 'seed' } })
            : h('p', { class: 'note', text: t('match.seedHidden') }),
          h(
            'div',
            { class: 'buttons' },
            h('button', {
              class: 'primary',
              text: t('results.verify'),
              disabled: !match.seed || verification.kind === 'pending',
              data: { testid: 'match-verify' },
              on: { click: verify },
            }),
            h('a', {
              class: 'button',
              href: hashOf({ name: 'replay', matchId: match.id }),
              text: t('match.replay'),
              data: { testid: 'match-replay' },
            }),
          ),
          verificationView(verification, match.actions.length),
        ),
      ];
    },
  });

  /** A finished game's review (started once, redrawn in the current language); none while it is played. */
  function reviewOf(match: MatchRecord): HTMLElement | null {
    if (match.status !== 'finished') return null;
    review ??= new ReviewPanel(match.setup, match.actions, matchPlayers(match));
    review.render();
    return review.el;
  }
}

interface LoadedMatch {
  readonly match: MatchRecord;
  /** A finished match's final state (its results' collisions column needs it), replayed once from the record. */
  readonly final: GameState | null;
}

function loaded(match: MatchRecord): LoadedMatch {
  const replayed = match.status === 'finished' ? replayGame(match.setup, match.actions) : null;
  return { match, final: replayed?.ok ? replayed.value.state : null };
}

/** A finished match as its standings (the reader's row marked); one still being played (or abandoned) as its players. */
function players(match: MatchRecord, final: GameState | null, me: string): HTMLElement {
  if (match.status !== 'finished') {
    return h('section', { class: 'card' }, h('h2', { text: t('match.players') }), seatList(matchPlayers(match)));
  }
  const data = onlineResults(match, final, me);
  return h('section', { class: 'results', data: { testid: 'match-results' } }, headlineOf(data), standingsView(data));
}

function verificationView(v: Verification, actions: number): HTMLElement | null {
  const line = (l: VerdictLine) => h('li', { class: `verify-result ${l.ok ? 'ok' : 'bad'}`, text: `${l.ok ? '✔' : '✘'} ${l.text}` });
  switch (v.kind) {
    case 'none':
      return null;
    case 'pending':
      return h('p', { role: 'status', text: t('results.verifyPending') });
    case 'failed':
      return h('p', { class: 'error', role: 'alert', text: v.text });
    case 'done':
      // The live region wraps the list: a list with role=status is no list any more to a screen reader.
      return h(
        'div',
        { role: 'status' },
        h('ul', { class: 'verdict', data: { testid: 'match-verdict' } }, ...verdictLines(v.answer, actions).map(line)),
      );
  }
}
