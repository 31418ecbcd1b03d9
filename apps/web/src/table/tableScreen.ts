import type { EndedTable, MatchRecord, ServerMessages, TableFacts } from '@flightchess/protocol';
import type { Room } from 'colyseus.js';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { onlineResults, verifyMatchDice } from '../results/results';
import { t } from '../i18n';
import { confirmDialog } from '../ui/confirmDialog';
import { TableConnection } from '../online/tableConnection';
import { RoomSource } from '../play/sources/roomSource';
import { failureOf } from '../online/netSession';
import { errorMessage } from '../i18n/errorMessages';
import { fill, h } from '../ui/dom';
import { hashOf } from '../router';
import { realScheduler } from '../util/ports';
import { watchOffer } from '../watch/watchOffer';
import { watchersBadge } from '../watch/watchersBadge';
import { ownColour } from '../play/gameView';
import { GameScreen } from '../play/gameScreen';
import { lobbyView } from '../lobby/lobbyView';
import { invitePanel } from '../friends/invitePanel';
import { friendsFromTable } from '../friends/friendsFromTable';
import { seatOffer } from '../friends/seatOffer';
import { type PhraseControl, phraseControl } from './phraseControl';
import { resultsView } from '../results/resultsView';
import { tableClosedView } from '../admin/tableClosedView';
import { endedTableView } from './endedTableView';
import { openNewTable } from '../lobby/openNewTable';
import { nicknamePrompt } from '../lobby/nicknamePrompt';
import { suggestedNickname } from '../online/suggestedNickname';
import { Accounts } from '../account/accounts';
import { BlockList } from '../online/blocks';
import type { RatedProfile } from '../ratings/ratedProfile';

/** How the table screen finds its room. */
export type TableEntry =
  | { readonly kind: 'room'; readonly roomId: string }
  | { readonly kind: 'code'; readonly code: string }
  | { readonly kind: 'quick' }
  /** Watch the table (docs/decisions/010-watchers-see-what-players-see.md): from the home screen's live games, or after a refused join. */
  | { readonly kind: 'watch'; readonly roomId: string };

/**
 * An online table from lobby to results: connects (or comes back into the same seat after a reload or
 * a server restart), shows the lobby while seats fill, the game once this client has it, and the
 * results as recorded at the end.
 */
export function tableScreen(ctx: AppContext, entry: TableEntry): Screen {
  const el = h('main', { class: 'screen table' });
  const notice = h('p', { class: 'error', role: 'alert', data: { testid: 'table-error' } });
  let connection: TableConnection | null = null;
  let source: RoomSource | null = null;
  let game: GameScreen | null = null;
  let phrases: PhraseControl | null = null;
  let phase: 'lobby' | 'game' | null = null;
  let match: MatchRecord | null = null;
  let resultsShown = '';
  /** The results on screen, built again when an invitation comes (or the language changes). */
  let results: (() => HTMLElement) | null = null;
  /** This player asked for the rematch: the lobby is where they go when the table seats again. */
  let rematchAsked = false;
  /** Another player asked for a rematch while this one reads the results: who, shown on the results. */
  let invitedBy: string | null = null;
  let disposed = false;
  let invites: ReturnType<typeof invitePanel> | null = null;
  /** During a casual game, the seat its player left, offered to this player's friends (created with the connection). */
  let offer: ReturnType<typeof seatOffer> | null = null;
  /** The operator closed the table: why, shown in its place. */
  let closedBy: ServerMessages['closing'] | null = null;
  /** The table of this link is gone: what became of it, shown in its place (built again in another language). */
  let gone: (() => HTMLElement) | null = null;
  /** The table's room once known (a code is looked up first): a refused join offers to watch it. */
  let roomId: string | null = entry.kind === 'room' ? entry.roomId : null;
  const badge = watchersBadge((people) => friendsFromTable(ctx, people));
  let wasWatching: boolean | null = null;
  /** What the player missed while away, when it comes before the game screen. */
  let missed: ServerMessages['returned'] | null = null;
  /** What the status banner says of a link that is down, in the language shown (said again after a switch). */
  let linkNote: (() => string) | null = null;
  const warn = (note: () => string) => {
    linkNote = note;
    ctx.status(note(), 'warn');
  };
  /** The page is shown again, or the device is back online: look at the link now. */
  const nudge = () => {
    if (document.visibilityState === 'visible') connection?.nudge();
  };

  const playerId = () => ctx.net.credentials()?.playerId ?? '';
  const home = () => ctx.navigate({ name: 'home' });
  /** Connected without a seat: a watcher (watchers/ on the server). Not before the table's facts have come. */
  const watching = () => {
    const table = connection?.table();
    return table !== undefined && table.preset !== '' && ownColour(table, playerId()) === null;
  };

  const leave = () => {
    const table = connection?.table();
    const own = table ? ownColour(table, playerId()) : null;
    // A player leaving mid-game escapes (asked first); a watcher just goes, and so does one whose seat plays on
    // without them (who left it, or who took it over: they owe the game nothing).
    const escapes = table?.status === 'playing' && own !== null && !connection?.game()?.left[own];
    if (escapes) void confirmDialog(t('game.leaveConfirm'), t('game.leave')).then((sure) => sure && leaveNow());
    else leaveNow();
  };
  const leaveNow = () => {
    // Home once the server has the leave, unless the player has gone elsewhere meanwhile (a rebuilt home would lose what they typed).
    void connection?.leave().finally(() => {
      if (!disposed) home();
    });
    if (connection) ctx.net.forgetToken(connection.roomId);
  };

  /** The results, and under them the people of the game to befriend (online, a guest has friends too). */
  const withFriends = (results: HTMLElement, seats: MatchRecord['seats']) => {
    const strip = friendsFromTable(ctx, seats);
    if (strip) results.append(strip);
    return results;
  };

  const showLobby = (table: TableFacts) => {
    teardownGame();
    phase = 'lobby';
    match = null;
    const conn = connection!;
    // Friends are invited from the table one sits at (a watcher sits nowhere).
    invites ??= watching() ? null : invitePanel(ctx, conn.roomId);
    fill(
      el,
      lobbyView(table, conn.roomId, playerId(), { send: (type, payload) => conn.send(type, payload), leave }),
      invites?.el,
      friendsFromTable(ctx, table.seats),
      notice,
    );
  };

  const teardownGame = () => {
    game?.dispose();
    source?.dispose();
    game = null;
    source = null;
    resultsShown = '';
    results = null;
    rematchAsked = false;
    invitedBy = null;
  };

  const showGame = () => {
    if (phase === 'game' || !connection) return;
    phase = 'game';
    const roomId = connection.roomId;
    source = new RoomSource(connection, playerId(), (matchId) => ctx.net.match(matchId, roomId));
    const screen = new GameScreen(ctx, { source, onLeave: () => (connection?.table().status === 'over' ? home() : leave()) });
    game = screen;
    fill(el, screen.el, notice);
    void screen.mount();
    if (missed) screen.showReturned(missed);
    missed = null;
  };

  /**
   * The table is gone: the game this device played there, as it ended; else what the server tells of it
   * (`told`: its last game, a new table like it), without asking a newcomer's name first; `otherwise`
   * when it tells nothing (else the view says the table closed). Asked only when no game of this device is.
   */
  const showEnded = async (told: () => Promise<EndedTable | null> = endedHere, otherwise?: () => void): Promise<void> => {
    const at = roomId;
    const matchId = at ? ctx.net.gameAt(at) : null;
    const record = matchId && at ? await ctx.net.match(matchId, at).catch(() => null) : null;
    if (disposed) return;
    if (record && record.status !== 'playing') return ctx.navigate({ name: 'match', matchId: record.id });
    const code = entry.kind === 'code' ? entry.code : null;
    const ended = await told();
    if (disposed) return;
    if (!ended && otherwise) return otherwise();
    gone = () =>
      endedTableView(ended, code, {
        result: (id) => {
          // Its record is asked for with the link's code (a private table's game).
          if (ended) {
            if (code) ctx.net.rememberCode(ended.tableId, code);
            ctx.net.rememberGame(ended.tableId, id);
          }
          ctx.navigate({ name: 'match', matchId: id });
        },
        again: ({ settings }) => openNewTable(ctx, settings),
        home,
      });
    fill(el, gone());
  };

  /** The results exactly as recorded: shown once the match record has them. */
  const showResults = (table: TableFacts) => {
    const key = `${table.matchId}|${table.result.recorded}|${match?.id ?? ''}`;
    if (!game || resultsShown === key) return;
    resultsShown = key;
    const matchId = table.matchId;
    const screen = game;
    if (!match || match.id !== matchId) {
      screen.showBelow(() => h('p', { class: 'recording', role: 'status', text: t('results.recording') }), false);
      if (table.result.recorded) {
        void ctx.net.match(matchId, connection?.roomId).then(
          (m) => {
            match = m;
            if (connection && !disposed) showResults(connection.table());
          },
          () => undefined,
        );
      }
      return;
    }
    const data = onlineResults(match, connection?.game() ?? null, playerId());
    const record = match;
    const { origin, pathname } = window.location;
    const view = () =>
      withFriends(
        resultsView(data, {
          home,
          replay: () => ctx.navigate({ name: 'replay', matchId }),
          recordHref: hashOf({ name: 'match', matchId }),
          // A tournament's table plays its round's game only: its page says what comes next.
          tournamentHref: record.tournamentId ? hashOf({ name: 'tournament', id: record.tournamentId }) : undefined,
          rematch:
            watching() || record.tournamentId
              ? undefined
              : () => {
                  rematchAsked = true;
                  connection?.send('rematch', {});
                },
          // A duplicate round's board is revealed when the round is over (its page checks every table then).
          verify: record.seed ? async () => verifyMatchDice(record) : undefined,
          shareUrl: `${origin}${pathname}${hashOf({ name: 'match', matchId })}`,
          invitation: invitedBy === null ? undefined : { name: invitedBy, accept: () => showLobby(connection!.table()), leave },
        }),
        record.seats,
      );
    results = view;
    // Brought into view: on a phone the results come first, above the board (results/results.css).
    void screen.settled().then(() => {
      screen.showBelow(view, true);
      screen.revealBelow();
    });
  };

  /**
   * The table seats again for a rematch another player asked for: this player keeps their results, with
   * the invitation on them, and goes to the lobby only by accepting: nobody is pulled out.
   */
  const invite = (table: TableFacts) => {
    const by = table.seats.find((s) => s.playerId === table.rematchBy)?.name ?? '';
    if (invitedBy === by) return;
    invitedBy = by;
    if (results) game?.showBelow(results, true);
  };

  /** Who this client is at the table changed (a watcher took a seat): what it may do follows. */
  const followWatching = (table: TableFacts) => {
    if (table.preset === '') return; // the facts have not come yet
    const now = watching();
    badge.update(table, now);
    if (now === wasWatching) return;
    wasWatching = now;
    if (!now && connection) ctx.net.setWatching(connection.roomId, false);
    phrases?.relabel();
  };

  const onTable = () => {
    const table = connection?.table();
    if (disposed || closedBy || !table) return;
    followWatching(table);
    // A private table's code, for coming back (a reload, a restored table) and for its record once over.
    if (table.private && table.code) ctx.net.rememberCode(connection!.roomId, table.code);
    if (table.matchId && !watching()) ctx.net.rememberGame(connection!.roomId, table.matchId);
    if (table.status === 'waiting') {
      // A player reading the results stays there when someone else asks for a rematch (a watcher goes to the lobby, where seats are taken).
      if (results && !rematchAsked && !watching()) invite(table);
      else showLobby(table);
      return;
    }
    // The game screen opens once this client has the game (its snapshot).
    if (!connection!.game()) return;
    showGame();
    offer?.update(table, game);
    if (table.status === 'over') showResults(table);
  };

  /** The player's nickname: asked for first by someone who came by a link and never chose one (nicknamePrompt.ts). */
  const knownNickname = () => ctx.prefs.nickname || ctx.net.credentials()?.nickname;
  const nickname = async (): Promise<string> => {
    const known = knownNickname();
    if (known) return known;
    const prompt = nicknamePrompt(suggestedNickname());
    fill(el, prompt.el);
    const chosen = await prompt.answer;
    ctx.prefs.nickname = chosen;
    fill(el, h('p', { class: 'connecting', text: t('home.connecting') }), notice);
    return chosen;
  };

  /** What the server tells of the table of this room link, if it is gone (null: nothing, or it is open). */
  const endedHere = (): Promise<EndedTable | null> => (roomId ? ctx.net.endedTable(roomId).catch(() => null) : Promise.resolve(null));

  const connect = async (): Promise<Room | null> => {
    // A link's table first: one that is gone says so before anyone is asked for a name.
    if (entry.kind === 'code') {
      const found = await ctx.net.tableOfCode(entry.code);
      if ('gone' in found) {
        await showEnded(async () => found.gone);
        return null;
      }
      roomId = found.roomId;
    } else if (entry.kind !== 'quick' && !knownNickname()) {
      const ended = await endedHere();
      if (ended) {
        await showEnded(async () => ended);
        return null;
      }
    }
    const name = await nickname();
    switch (entry.kind) {
      case 'room':
      case 'code':
        return ctx.net.joinRoom(roomId!, name);
      case 'quick':
        return ctx.net.quickMatch({}, name);
      case 'watch':
        return ctx.net.watchRoom(entry.roomId, name);
    }
  };

  fill(el, h('p', { class: 'connecting', text: t('home.connecting') }), notice);

  return {
    el,
    async mount() {
      let room: Room | null;
      try {
        room = await connect();
        if (!room) return;
      } catch (error) {
        const failure = failureOf(error);
        const room = roomId;
        const offer = watchOffer(failure, room && entry.kind !== 'watch' ? () => ctx.navigate({ name: 'watch', roomId: room }) : null);
        const explain = () =>
          fill(
            el,
            ...(offer ?? [h('p', { class: 'error', role: 'alert', text: errorMessage(failure.code) })]),
            h('button', { text: t('results.home'), on: { click: home } }),
          );
        // Back after the table closed: the game played there, as it ended.
        if (failure.code === 'ERR_NO_TABLE') return showEnded();
        explain();
        return;
      }
      if (disposed) {
        void room.leave(false);
        return;
      }
      // The address now names the room, so a reload comes back to this seat.
      window.history.replaceState(
        null,
        '',
        `${window.location.pathname}${window.location.search}#/table/${encodeURIComponent(room.roomId)}`,
      );
      const conn = new TableConnection(room, ctx.net, realScheduler);
      connection = conn;
      offer = seatOffer(ctx, conn.roomId);
      conn.onState(onTable);
      conn.onGame(onTable);
      const blocks = new BlockList(ctx.net);
      // Who this player blocked: their phrases hidden here too (the own profile lists them).
      void (new Accounts(ctx.net).currentPlayer() as Promise<RatedProfile | null>).then((p) => blocks.know(p?.blocked));
      phrases = phraseControl({
        prefs: ctx.prefs,
        blocks,
        seats: () => conn.table().seats,
        me: playerId,
        canSay: () => !watching(),
        say: (phrase) => conn.send('phrase', { phrase }),
        announce: ctx.announce,
      });
      ctx.tools.append(phrases.el, badge.el);
      conn.onPhrase((said) => phrases?.show(said));
      conn.onReturned((m) => {
        if (game) game.showReturned(m);
        else missed = m;
      });
      window.addEventListener('online', nudge);
      document.addEventListener('visibilitychange', nudge);
      conn.onError((e) => {
        if (e.request === 'phrase' && e.code === 'ERR_RATE_LIMITED') return phrases?.tooFast();
        notice.textContent = errorMessage(e.code);
        window.setTimeout(() => (notice.textContent = ''), 4000);
      });
      conn.onClosing((e) => {
        if (e.code === 'ERR_TABLE_CLOSED') {
          // The operator closed it: say why, in place of the table (not as an error).
          closedBy = e;
          teardownGame();
          phrases?.el.remove();
          return fill(el, tableClosedView(e, home));
        }
        ctx.status(t('net.closing', { reason: errorMessage(e.code) }), 'warn');
        home();
      });
      conn.onStatus((status) => {
        switch (status.kind) {
          case 'reconnecting':
            return warn(() => t('net.reconnecting', { n: status.attempt }));
          case 'reconnected':
            linkNote = null;
            ctx.status(t('net.reconnected'), 'info');
            window.setTimeout(() => ctx.status(null), 2000);
            return;
          case 'closed':
            linkNote = null;
            // Signed out from another device: this device starts over as a guest (the screen says so).
            if (status.why === 'signed-out') return ctx.navigate({ name: 'signed-out' });
            if (status.why === 'closed') return ctx.status(null);
            if (status.why === 'gone') return void showEnded(endedHere, () => warn(() => t('net.lost')));
            return warn(() => (status.why === 'replaced' ? t('net.replaced') : t('net.lost')));
          default:
            linkNote = null;
            ctx.status(null);
        }
      });
      onTable();
    },
    relabel() {
      if (linkNote) ctx.status(linkNote(), 'warn');
      phrases?.relabel();
      badge.relabel();
      if (closedBy) return fill(el, tableClosedView(closedBy, home));
      if (gone) return fill(el, gone());
      const table = connection?.table();
      invites?.relabel();
      offer?.relabel();
      if (phase === 'lobby' && table) showLobby(table);
      else game?.relabel();
    },
    dispose() {
      disposed = true;
      window.removeEventListener('online', nudge);
      document.removeEventListener('visibilitychange', nudge);
      phrases?.dispose();
      invites?.dispose();
      offer?.dispose();
      badge.dispose();
      teardownGame();
      // Mid-game the seat stays held (the stored token, or the player's credentials, bring the player back); otherwise leave the table.
      // A watcher who goes elsewhere stops watching.
      if (connection?.table().status === 'playing' && !watching()) connection.dispose();
      else void connection?.leave();
      if (connection && watching()) ctx.net.setWatching(connection.roomId, false);
      ctx.status(null);
    },
  };
}
