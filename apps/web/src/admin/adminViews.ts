import {
  type AdminAction,
  type AdminTable,
  type Ban,
  type Notice,
  type ProcessFigures,
  type ScheduledTournament,
  TOURNAMENT_LIMITS,
} from '@flightchess/protocol';
import { isColour } from '@flightchess/rules';
import { presetName } from '../play/describe';
import { type MessageKey, colourName, t } from '../i18n';
import { field as labelled, h } from '../ui/dom';
import { formatFields } from '../tournaments/formatFields';
import { dateTime } from '../ui/timeWords';

/** What the console's buttons do (adminScreen.ts). */
export interface ConsoleActions {
  readonly close: (table: AdminTable) => void;
  /** `address` (default true): the address the player was seen from last too, for 24 hours. */
  readonly ban: (playerId: string, name: string, reason?: string, address?: boolean) => void;
  readonly liftBan: (playerId: string) => void;
  readonly liftAddressBan: (playerId: string) => void;
  readonly setNotice: (text: string) => void;
  readonly clearNotice: () => void;
  readonly drain: (process: ProcessFigures) => void;
  readonly scheduleTournament: (asked: ScheduledTournament) => void;
}

/** A time span in words: seconds, minutes, or hours and minutes. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('admin.seconds', { n: s });
  if (s < 3600) return t('admin.minutes', { n: Math.floor(s / 60) });
  return t('admin.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}

/** A label and its value, as one cell of a card (a row on a wide screen, stacked on a phone). */
const field = (label: MessageKey, value: string | HTMLElement, testid?: string) =>
  h(
    'div',
    { class: 'admin-field' },
    h('span', { class: 'admin-label', text: t(label) }),
    typeof value === 'string' ? h('span', { class: 'admin-value', text: value, data: testid ? { testid } : {} }) : value,
  );

/** A form's submit, handled here rather than by the browser. */
const submitted = (e: Event, then: () => unknown) => {
  e.preventDefault();
  then();
};

const card = (title: MessageKey, testid: string, ...children: (HTMLElement | null)[]) =>
  h('section', { class: 'card admin-card', data: { testid } }, h('h2', { text: t(title) }), ...children);

/** A public tournament scheduled: its name, its kind (a Swiss or an arena: `formatFields`), and when it starts (the operator's local time). */
export function tournamentCard(actions: ConsoleActions): HTMLElement {
  const name = h('input', { id: 'admin-tournament-name', type: 'text', maxLength: TOURNAMENT_LIMITS.maxNameLength });
  const kind = formatFields('admin-tournament', 5);
  const starts = h('input', { id: 'admin-tournament-starts', type: 'datetime-local' });
  const schedule = () => {
    const startsAt = starts.value ? new Date(starts.value).getTime() : undefined;
    if (!name.value.trim()) return;
    actions.scheduleTournament({
      name: name.value.trim(),
      ...kind.shape(),
      ...(startsAt !== undefined && { startsAt }),
    });
  };
  return card(
    'admin.tournament',
    'admin-tournament-card',
    h(
      'form',
      { class: 'admin-form admin-tournament', on: { submit: (e) => submitted(e, schedule) } },
      labelled(t('tournaments.name'), name),
      ...kind.fields,
      labelled(t('admin.tournamentStarts'), starts),
      h('button', { class: 'primary', type: 'submit', text: t('admin.schedule'), data: { testid: 'admin-schedule-tournament' } }),
    ),
  );
}

export function noticeCard(notice: Notice | null, actions: ConsoleActions): HTMLElement {
  const input = h('input', {
    id: 'admin-notice',
    type: 'text',
    maxLength: 200,
    placeholder: t('admin.noticePlaceholder'),
    value: notice?.text ?? '',
  });
  return card(
    'admin.notice',
    'admin-notice-card',
    notice
      ? h(
          'p',
          { class: 'admin-current' },
          t('admin.noticeShown'),
          ' ',
          h('strong', { text: notice.text, data: { testid: 'admin-notice-current' } }),
          ` · ${dateTime(notice.at)}`,
        )
      : h('p', { class: 'note', text: t('admin.noticeNone') }),
    h(
      'form',
      { class: 'admin-form', on: { submit: (e) => submitted(e, () => input.value.trim() && actions.setNotice(input.value.trim())) } },
      h('label', { class: 'sr-only', for: 'admin-notice', text: t('admin.notice') }),
      input,
      h('button', { class: 'primary', type: 'submit', text: t('admin.setNotice'), data: { testid: 'admin-set-notice' } }),
      notice
        ? h('button', {
            type: 'button',
            text: t('admin.clearNotice'),
            data: { testid: 'admin-clear-notice' },
            on: { click: actions.clearNotice },
          })
        : null,
    ),
  );
}

export function processesCard(processes: readonly ProcessFigures[], unreachable: readonly string[], actions: ConsoleActions): HTMLElement {
  return card(
    'admin.processes',
    'admin-processes',
    ...processes.map((p) =>
      h(
        'div',
        { class: `admin-row${p.draining ? ' draining' : ''}`, data: { testid: 'admin-process', process: p.processId } },
        h(
          'div',
          { class: 'admin-fields' },
          field('admin.col.process', `${p.processId} · ${p.host}:${p.pid}`),
          field('admin.col.state', t(p.draining ? 'admin.draining' : 'admin.serving')),
          field('admin.col.storage', p.storage),
          field('admin.col.tables', t('admin.tableCounts', p.tables)),
          field('admin.col.players', String(p.players), 'admin-players'),
          field('admin.col.sockets', String(p.sockets)),
          field('admin.col.actions', String(p.actionsPerSecond)),
          field('admin.col.uptime', duration(p.uptimeSeconds)),
        ),
        h('button', {
          text: t('admin.drain'),
          disabled: p.draining,
          data: { testid: 'admin-drain' },
          on: { click: () => actions.drain(p) },
        }),
      ),
    ),
    unreachable.length > 0 ? h('p', { class: 'error', text: t('admin.unreachable', { ids: unreachable.join(', ') }) }) : null,
  );
}

function seatItem(seat: AdminTable['seats'][number], actions: ConsoleActions): HTMLElement {
  const human = seat.kind === 'human';
  return h(
    'li',
    { class: `admin-seat colour-${seat.colour}` },
    h('span', { class: 'swatch', aria: { hidden: 'true' } }),
    h('span', {
      class: 'admin-seat-name',
      text: seat.name,
      title: `${isColour(seat.colour) ? colourName(seat.colour) : seat.colour} · ${seat.playerId || t('admin.bot')}`,
    }),
    human ? null : h('span', { class: 'badge', text: t('admin.bot') }),
    human && !seat.connected ? h('span', { class: 'badge', text: t('admin.away') }) : null,
    human
      ? h('button', {
          class: 'small',
          text: t('admin.ban'),
          data: { testid: 'admin-ban', player: seat.playerId },
          on: { click: () => actions.ban(seat.playerId, seat.name) },
        })
      : null,
  );
}

export function tablesCard(tables: readonly AdminTable[], now: number, actions: ConsoleActions): HTMLElement {
  return card(
    'admin.tables',
    'admin-tables',
    tables.length === 0 ? h('p', { class: 'note', text: t('admin.noTables') }) : null,
    ...tables.map((table) =>
      h(
        'div',
        { class: 'admin-row', data: { testid: 'admin-table', room: table.roomId, code: table.code } },
        h(
          'div',
          { class: 'admin-fields' },
          field('admin.col.code', table.code, 'admin-table-code'),
          field(
            'admin.col.preset',
            `${presetName(table.preset)} · ${table.size}${table.teams ? ' · 2v2' : ''}${table.private ? ` · ${t('admin.private')}` : ''}`,
          ),
          field('admin.col.status', t(`admin.status.${table.status}`), 'admin-table-status'),
          field('admin.col.version', String(table.version)),
          field('admin.col.age', duration((now - table.createdAt) / 1000)),
          field('admin.col.process', table.processId),
        ),
        h('ul', { class: 'admin-seats', aria: { label: t('admin.col.seats') } }, ...table.seats.map((s) => seatItem(s, actions))),
        h('button', {
          class: 'danger',
          text: t('admin.close'),
          data: { testid: 'admin-close' },
          on: { click: () => actions.close(table) },
        }),
      ),
    ),
  );
}

export function bansCard(bans: readonly Ban[], actions: ConsoleActions): HTMLElement {
  const id = h('input', { id: 'admin-ban-id', type: 'text', maxLength: 64, placeholder: t('admin.playerId') });
  const reason = h('input', { id: 'admin-ban-reason', type: 'text', maxLength: 200, placeholder: t('admin.reason') });
  const address = h('input', { id: 'admin-ban-address', type: 'checkbox', checked: true });
  return card(
    'admin.bans',
    'admin-bans',
    bans.length === 0 ? h('p', { class: 'note', text: t('admin.noBans') }) : null,
    bans.length === 0
      ? null
      : h(
          'ul',
          { class: 'admin-list' },
          ...bans.map((b) =>
            h(
              'li',
              { data: { testid: 'admin-banned', player: b.playerId } },
              h('strong', { text: b.nickname ?? b.playerId }),
              h('span', { class: 'note', text: ` ${b.playerId} · ${dateTime(b.at)}${b.reason ? ` · ${b.reason}` : ''}` }),
              b.address === null || b.addressUntil === null
                ? null
                : h('span', {
                    class: 'note',
                    data: { testid: 'admin-banned-address' },
                    text: ` · ${t('admin.bannedAddress', { address: b.address, until: dateTime(b.addressUntil) })}`,
                  }),
              h('button', {
                class: 'small',
                text: t('admin.lift'),
                data: { testid: 'admin-lift' },
                on: { click: () => actions.liftBan(b.playerId) },
              }),
              b.address === null
                ? null
                : h('button', {
                    class: 'small',
                    text: t('admin.liftAddress'),
                    data: { testid: 'admin-lift-address' },
                    on: { click: () => actions.liftAddressBan(b.playerId) },
                  }),
            ),
          ),
        ),
    h(
      'form',
      {
        class: 'admin-form',
        on: {
          submit: (e) =>
            submitted(e, () => id.value.trim() && actions.ban(id.value.trim(), id.value.trim(), reason.value.trim(), address.checked)),
        },
      },
      h('label', { class: 'sr-only', for: 'admin-ban-id', text: t('admin.playerId') }),
      id,
      h('label', { class: 'sr-only', for: 'admin-ban-reason', text: t('admin.reason') }),
      reason,
      h('label', { class: 'check', for: 'admin-ban-address' }, address, ` ${t('admin.banAddress')}`),
      h('button', { type: 'submit', text: t('admin.ban') }),
    ),
  );
}

export function auditCard(audit: readonly AdminAction[]): HTMLElement {
  return card(
    'admin.audit',
    'admin-audit',
    audit.length === 0
      ? h('p', { class: 'note', text: t('admin.noAudit') })
      : h(
          'ul',
          { class: 'admin-list admin-audit' },
          ...audit.map((a) =>
            h(
              'li',
              {},
              h('span', { class: 'note', text: `${dateTime(a.at)} · ${a.address} ` }),
              t(`admin.action.${a.action}`),
              a.target ? ` ${a.target}` : '',
              a.detail ? ` — ${a.detail}` : '',
            ),
          ),
        ),
  );
}
