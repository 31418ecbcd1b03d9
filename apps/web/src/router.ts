import { type RatingMode, isRatingMode } from '@flightchess/rules';

/** A new offline game: against the computer (one player here and a strong bot), or pass-and-play (two players sharing this device). */
export type OfflineMode = 'computer' | 'local';

/** The leaderboard's tabs: today's score board, then one per rating mode (`#/leaderboard/4p`). */
export type LeaderboardTab = 'score' | RatingMode;

/** The tab an address names; anything else (none, a typo, another case) is the score board. */
export function parseLeaderboardTab(arg: string | undefined): LeaderboardTab {
  return isRatingMode(arg) ? arg : 'score';
}

/** Hash routes, so the built client works from any static server root without server-side routes. */
export type Route =
  | { readonly name: 'home' }
  | { readonly name: 'offline' }
  | { readonly name: 'friends' }
  | { readonly name: 'new-offline'; readonly mode: OfflineMode }
  | { readonly name: 'table'; readonly roomId: string }
  | { readonly name: 'join'; readonly code: string }
  | { readonly name: 'quick' }
  | { readonly name: 'replay'; readonly matchId: string }
  | { readonly name: 'replay-offline' }
  | { readonly name: 'rules'; readonly preset: string }
  | { readonly name: 'profile'; readonly playerId: string }
  /** `tab`: a rating mode's board (`#/leaderboard/4p`); none, today's score board. */
  | { readonly name: 'leaderboard'; readonly tab?: Exclude<LeaderboardTab, 'score'> }
  | { readonly name: 'match'; readonly matchId: string }
  | { readonly name: 'sign-in' }
  | { readonly name: 'link'; readonly code: string }
  | { readonly name: 'signed-out' }
  | { readonly name: 'admin' }
  | { readonly name: 'watch'; readonly roomId: string }
  /** A friend link: ask the owner of the friend code to be friends. */
  | { readonly name: 'friend'; readonly code: string }
  | { readonly name: 'tournaments' }
  /** A tournament's page (a private one's link too). */
  | { readonly name: 'tournament'; readonly id: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [head, arg] = parts;
  switch (head) {
    case 'offline':
      return { name: 'offline' };
    case 'friends':
      return { name: 'friends' };
    case 'new':
      return { name: 'new-offline', mode: arg === 'local' ? 'local' : 'computer' };
    case 'table':
      return arg ? { name: 'table', roomId: arg } : { name: 'home' };
    case 'join':
      return arg ? { name: 'join', code: arg.toUpperCase() } : { name: 'home' };
    case 'quick':
      return { name: 'quick' };
    case 'replay':
      return arg === 'offline' ? { name: 'replay-offline' } : arg ? { name: 'replay', matchId: arg } : { name: 'home' };
    case 'rules':
      return { name: 'rules', preset: arg ?? 'online' };
    case 'profile':
      return arg ? { name: 'profile', playerId: arg } : { name: 'home' };
    case 'leaderboard': {
      const tab = parseLeaderboardTab(arg);
      return tab === 'score' ? { name: 'leaderboard' } : { name: 'leaderboard', tab };
    }
    case 'match':
      return arg ? { name: 'match', matchId: arg } : { name: 'home' };
    case 'sign-in':
      return { name: 'sign-in' };
    case 'link':
      return arg ? { name: 'link', code: arg.toUpperCase() } : { name: 'sign-in' };
    case 'signed-out':
      return { name: 'signed-out' };
    case 'admin':
      return { name: 'admin' };
    case 'watch':
      return arg ? { name: 'watch', roomId: arg } : { name: 'home' };
    case 'friend':
      return arg ? { name: 'friend', code: arg.toUpperCase() } : { name: 'friends' };
    case 'tournaments':
      return { name: 'tournaments' };
    case 'tournament':
      return arg ? { name: 'tournament', id: arg } : { name: 'tournaments' };
    default:
      return { name: 'home' };
  }
}

export function hashOf(route: Route): string {
  switch (route.name) {
    case 'home':
      return '#/';
    case 'offline':
      return '#/offline';
    case 'friends':
      return '#/friends';
    case 'new-offline':
      return `#/new/${route.mode}`;
    case 'table':
      return `#/table/${encodeURIComponent(route.roomId)}`;
    case 'join':
      return `#/join/${encodeURIComponent(route.code)}`;
    case 'quick':
      return '#/quick';
    case 'replay':
      return `#/replay/${encodeURIComponent(route.matchId)}`;
    case 'replay-offline':
      return '#/replay/offline';
    case 'rules':
      return `#/rules/${encodeURIComponent(route.preset)}`;
    case 'profile':
      return `#/profile/${encodeURIComponent(route.playerId)}`;
    case 'leaderboard':
      return route.tab ? `#/leaderboard/${route.tab}` : '#/leaderboard';
    case 'match':
      return `#/match/${encodeURIComponent(route.matchId)}`;
    case 'sign-in':
      return '#/sign-in';
    case 'link':
      return `#/link/${encodeURIComponent(route.code)}`;
    case 'signed-out':
      return '#/signed-out';
    case 'admin':
      return '#/admin';
    case 'watch':
      return `#/watch/${encodeURIComponent(route.roomId)}`;
    case 'friend':
      return `#/friend/${encodeURIComponent(route.code)}`;
    case 'tournaments':
      return '#/tournaments';
    case 'tournament':
      return `#/tournament/${encodeURIComponent(route.id)}`;
  }
}

/** A join link as the server prints it (`/?join=CODE`) becomes the join route. */
export function joinCodeFromSearch(search: string): string | null {
  return codeFromSearch(search, 'join');
}

/** A shared link's code (`/?join=CODE`, `/?link=CODE`), upper case; null when there is none or it cannot be one. */
function codeFromSearch(search: string, name: 'join' | 'link'): string | null {
  const code = new URLSearchParams(search).get(name);
  return code && /^[A-Za-z0-9]{4,8}$/.test(code) ? code.toUpperCase() : null;
}

/** The route a shared link opens: `/?join=CODE` a table, `/?link=CODE` (a device link) this device as that player. */
export function routeFromSearch(search: string): Route | null {
  const join = codeFromSearch(search, 'join');
  if (join) return { name: 'join', code: join };
  const link = codeFromSearch(search, 'link');
  return link ? { name: 'link', code: link } : null;
}
