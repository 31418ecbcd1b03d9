import type { AppContext } from './app';
import type { Screen } from './ui/screen';
import type { Route } from './router';
import { friendsScreen } from './lobby/friendsScreen';
import { friendLinkScreen } from './friends/friendLinkScreen';
import { homeScreen } from './home/homeScreen';
import { newOfflineScreen } from './offline/newOfflineScreen';
import { lazyScreen } from './ui/lazyScreen';
import { leaderboardScreen } from './leaderboard/leaderboardScreen';
import { offlineScreen } from './offline/offlineScreen';
import { profileScreen } from './profile/profileScreen';
import { rulesScreen } from './rules/rulesScreen';
import { tableScreen } from './table/tableScreen';
import { signInScreen } from './account/signInScreen';
import { signedOutScreen } from './account/signedOutScreen';
import { tournamentScreen } from './tournaments/tournamentScreen';
import { tournamentsScreen } from './tournaments/tournamentsScreen';

/** The screen each route shows; a screen lives in the capability it shows. */
export function screenFor(ctx: AppContext, route: Route): Screen {
  switch (route.name) {
    case 'home':
      return homeScreen(ctx);
    case 'offline':
      return offlineScreen(ctx);
    case 'friends':
      return friendsScreen(ctx);
    case 'new-offline':
      return newOfflineScreen(ctx, route.mode);
    case 'table':
      return tableScreen(ctx, { kind: 'room', roomId: route.roomId });
    case 'join':
      return tableScreen(ctx, { kind: 'code', code: route.code });
    case 'quick':
      return tableScreen(ctx, { kind: 'quick' });
    // The replay and the match page (with the review) are chunks of their own, fetched when opened (the
    // service worker keeps them too): the first screen's script stays within its budget.
    case 'replay':
      return lazyScreen(() => import('./replay/replayScreen').then(({ onlineReplayScreen }) => onlineReplayScreen(ctx, route.matchId)));
    case 'replay-offline':
      return lazyScreen(() => import('./replay/replayScreen').then(({ offlineReplayScreen }) => offlineReplayScreen(ctx)));
    case 'rules':
      return rulesScreen(ctx, route.preset);
    case 'profile':
      return profileScreen(ctx, route.playerId);
    case 'leaderboard':
      return leaderboardScreen(ctx, route.tab ?? 'score');
    case 'match':
      return lazyScreen(() => import('./results/matchScreen').then(({ matchScreen }) => matchScreen(ctx, route.matchId)));
    case 'sign-in':
      return signInScreen(ctx);
    case 'link':
      return signInScreen(ctx, route.code);
    case 'signed-out':
      return signedOutScreen(ctx);
    case 'admin':
      return lazyScreen(() => import('./admin/adminScreen').then(({ adminScreen }) => adminScreen(ctx)));
    case 'watch':
      return tableScreen(ctx, { kind: 'watch', roomId: route.roomId });
    case 'friend':
      return friendLinkScreen(ctx, route.code);
    case 'tournaments':
      return tournamentsScreen(ctx);
    case 'tournament':
      return tournamentScreen(ctx, route.id);
  }
}
