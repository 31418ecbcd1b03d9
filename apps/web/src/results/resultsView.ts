import type { DiceCheck } from '@flightchess/rules';
import { type ResultData, type ResultRow, resultHeadline } from './results';
import { nameOf } from '../play/describe';
import { levelName } from '../profile/levels';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { h } from '../ui/dom';
import { signed } from '../ui/signed';
import { outBadge } from '../play/seatList';
import { resultBanner } from './resultBanner';
import { type ScorePart, coinsLine, placeNote, scoreParts } from './scoreBreakdown';
import { levelBar } from './levelBar';
import { shareButton } from './shareMatch';
import { provisionalMark, provisionalNote, ratingChangeView } from '../ratings/ratingChangeView';

/** Another player asked for a rematch: the table is seating again, and this reader decides. */
export interface RematchInvitation {
  readonly name: string;
  readonly accept: () => void;
  readonly leave: () => void;
}

export interface ResultsActions {
  readonly home: () => void;
  readonly replay?: () => void;
  readonly rematch?: () => void;
  /** The match record page (online). */
  readonly recordHref?: string;
  /** Recompute the dice from the revealed seed. */
  readonly verify?: () => Promise<DiceCheck>;
  /** The match's page, to share (online). */
  readonly shareUrl?: string;
  readonly invitation?: RematchInvitation;
  /** A tournament's game: its page (the standings, the next round), first of what to do next. */
  readonly tournamentHref?: string;
}

/** How the game ended, in words ('' for a reason this client does not know). */
function reasonOf(data: ResultData): string {
  const reasonKey = `results.reason.${data.reason}` as const;
  return ['finish', 'resign', 'escape', 'forfeit', 'draw'].includes(data.reason) ? t(reasonKey as Parameters<typeof t>[0]) : '';
}

/** Who won, and how the game ended. */
export function headlineOf(data: ResultData): HTMLElement {
  const headline = resultHeadline(data);
  const reason = reasonOf(data);
  return h('p', { class: 'headline', text: reason ? `${headline} · ${reason}` : headline });
}

/** The reader's result in large: their win, place or team's win (a watcher: who won), and how the game ended. */
function bannerOf(data: ResultData): HTMLElement {
  const banner = resultBanner(data);
  return h(
    'div',
    { class: `result-banner ${banner.tone}`, data: { testid: 'result-banner' } },
    h('h2', { text: banner.title }),
    banner.detail ? h('p', { class: 'banner-detail', text: banner.detail }) : null,
    headlineOf(data),
  );
}

/** Beside a place its score does not follow: why (placeNote). */
function placeNoteView(row: ResultRow, data: ResultData): HTMLElement | null {
  const note = placeNote(row, data);
  return note ? h('small', { class: 'place-note', data: { testid: 'place-note' }, text: note }) : null;
}

/** A score's parts, each with its rule and figures, then the coins. */
function partsList(parts: readonly ScorePart[], coins: string): HTMLElement {
  return h(
    'ul',
    { class: 'score-parts' },
    ...parts.map((p) => h('li', {}, h('span', { text: p.rule }), h('b', { text: signed(p.value) }))),
    h('li', { class: 'coins-line', text: coins }),
  );
}

/** The reader's own score explained, and their level moving (online: a lifetime score is kept). */
function myScore(data: ResultData): HTMLElement | null {
  const mine = data.rows.find((r) => r.colour === data.me);
  if (!mine) return null;
  return h(
    'div',
    { class: 'my-score', data: { testid: 'my-score' } },
    h('h3', {}, t('ending.yours'), ' ', h('b', { class: mine.score >= 0 ? 'plus' : 'minus', text: signed(mine.score) })),
    mine.ratingAfter ? h('p', { class: 'my-rating' }, `${t('rating.label')} `, ratingChangeView(mine), provisionalMark(mine)) : null,
    mine.ratingAfter ? provisionalNote(mine) : null,
    partsList(scoreParts(mine, data), coinsLine(mine)),
    mine.lifetimeAfter !== null ? levelBar(mine.lifetimeAfter - mine.score, mine.lifetimeAfter) : null,
  );
}

function invitationOf(invitation: RematchInvitation): HTMLElement {
  return h(
    'div',
    { class: 'invitation', role: 'status', data: { testid: 'invitation' } },
    h('p', { text: t('ending.invited', { name: invitation.name }) }),
    h(
      'div',
      { class: 'buttons' },
      h('button', { class: 'primary', text: t('ending.accept'), data: { testid: 'accept-rematch' }, on: { click: invitation.accept } }),
      h('button', { text: t('ending.leave'), data: { testid: 'decline-rematch' }, on: { click: invitation.leave } }),
    ),
  );
}

/**
 * Rank, player, planes home, score, coins, level and its change, the rating's change (a rated game),
 * collisions, the score explained: one row a seat.
 */
export function standingsView(data: ResultData): HTMLElement {
  const label = (k: 'results.arrived' | 'results.coins' | 'results.level' | 'rating.label' | 'results.collisions') => ({ label: t(k) });
  const rated = data.rows.some((r) => r.ratingAfter);
  return h(
    'table',
    { class: 'results-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...(
          [
            'results.rank',
            'results.player',
            'results.arrived',
            'results.score',
            'results.coins',
            'results.level',
            ...(rated ? (['rating.label'] as const) : []),
            'results.collisions',
            'ending.breakdown',
          ] as const
        ).map((k) => h('th', { text: t(k) })),
      ),
    ),
    h(
      'tbody',
      {},
      // Each cell carries its column's name: a phone shows a row as a card with labelled cells (results.css).
      ...data.rows.map((r) =>
        h(
          'tr',
          { class: `colour-${r.colour}${r.winner ? ' winner' : ''}${r.colour === data.me ? ' me' : ''}`, data: { colour: r.colour } },
          h('td', { class: 'rank', text: String(r.rank) }),
          h(
            'td',
            { class: 'player' },
            h(
              'div',
              { class: 'who' },
              h('span', { class: 'name' }, h('span', { class: 'swatch', aria: { hidden: 'true' } }), nameOf(r)),
              r.colour === data.me ? h('span', { class: 'you', text: t('ending.you') }) : null,
              r.winner ? h('span', { class: 'crown', text: ' ★' }) : null,
              r.out ? outBadge(r.out) : null,
            ),
            placeNoteView(r, data),
          ),
          h('td', { data: label('results.arrived'), text: String(r.arrived) }),
          h('td', { class: `score ${r.score >= 0 ? 'plus' : 'minus'}`, text: signed(r.score) }),
          h('td', { data: label('results.coins'), text: String(r.coins) }),
          h(
            'td',
            { data: label('results.level') },
            levelName(r.level) ? `${levelName(r.level)} (Lv ${r.level})` : r.level ? `Lv ${r.level}` : '—',
            r.levelChange > 0 ? h('span', { class: 'level-up', text: ` ▲ ${t('results.levelUp')}` }) : null,
            r.levelChange < 0 ? h('span', { class: 'level-down', text: ` ▼ ${t('results.levelDown')}` }) : null,
          ),
          // A bot's rating is fixed: its cell stays empty (and unlabelled on a phone's card).
          rated
            ? h(
                'td',
                { class: 'rating', ...(r.ratingAfter ? { data: label('rating.label') } : {}) },
                ratingChangeView(r),
                provisionalMark(r),
              )
            : null,
          h('td', { data: label('results.collisions'), text: t('results.collisionValue', { sent: r.sent, lost: r.lost }) }),
          h(
            'td',
            { class: 'breakdown' },
            h('details', {}, h('summary', { text: t('ending.breakdown') }), partsList(scoreParts(r, data), coinsLine(r))),
          ),
        ),
      ),
    ),
  );
}

/** The standings: ranking, score, coins, level and its change, collisions; then what to do next. */
export function resultsView(data: ResultData, actions: ResultsActions): HTMLElement {
  const verifyOut = h('p', { class: 'verify-result', role: 'status', data: { testid: 'verify-result' } });
  const standings = standingsView(data);
  const buttons = h('div', { class: 'buttons' });
  if (actions.tournamentHref)
    buttons.append(
      h('a', { class: 'button primary', href: actions.tournamentHref, text: t('tournament.back'), data: { testid: 'tournament-back' } }),
    );
  if (actions.rematch && !actions.invitation)
    buttons.append(
      h('button', { class: 'primary', text: t('results.rematch'), data: { testid: 'rematch' }, on: { click: actions.rematch } }),
    );
  if (actions.shareUrl) buttons.append(shareButton(actions.shareUrl));
  if (actions.replay) buttons.append(h('button', { text: t('results.replay'), data: { testid: 'replay' }, on: { click: actions.replay } }));
  if (actions.recordHref)
    buttons.append(h('a', { class: 'button', href: actions.recordHref, text: t('results.record'), data: { testid: 'record' } }));
  const verify = actions.verify;
  if (verify) {
    buttons.append(
      h('button', {
        text: t('results.verify'),
        data: { testid: 'verify' },
        on: {
          click: () => {
            verifyOut.textContent = t('results.verifyPending');
            void verify().then((check) => {
              verifyOut.className = `verify-result ${check.ok ? 'ok' : 'bad'}`;
              verifyOut.textContent = check.ok
                ? t('results.verifyOk', { n: check.value.rolls })
                : t('results.verifyBad', { reason: errorMessage(check.error.code) });
            });
          },
        },
      }),
    );
  }
  buttons.append(h('button', { text: t('results.home'), on: { click: actions.home } }));
  return h(
    'section',
    { class: 'results', aria: { label: t('results.title') }, data: { testid: 'results' } },
    bannerOf(data),
    myScore(data),
    actions.invitation ? invitationOf(actions.invitation) : null,
    data.offline ? h('p', { class: 'note', text: t('results.offlineNote', { base: data.base }) }) : null,
    standings,
    buttons,
    verifyOut,
  );
}
