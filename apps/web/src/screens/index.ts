import type { AppContext, Screen } from '../app';
import type { Route } from '../ui/router';
import { friendsScreen } from './friendsScreen';
import { homeScreen } from './homeScreen';
import { newOfflineScreen } from './newOfflineScreen';
import { lazyScreen } from '../ui/lazyScreen';
import { leaderboardScreen } from './leaderboardScreen';
import { offlineScreen } from './offlineScreen';
import { profileScreen } from './profileScreen';
import { rulesScreen } from './rulesScreen';
import { tableScreen } from './tableScreen';
import { signInScreen } from './signInScreen';
import { signedOutScreen } from './signedOutScreen';

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
      return lazyScreen(() => import('./replayScreen').then(({ onlineReplayScreen }) => onlineReplayScreen(ctx, route.matchId)));
    case 'replay-offline':
      return lazyScreen(() => import('./replayScreen').then(({ offlineReplayScreen }) => offlineReplayScreen(ctx)));
    case 'rules':
      return rulesScreen(ctx, route.preset);
    case 'profile':
      return profileScreen(ctx, route.playerId);
    case 'leaderboard':
      return leaderboardScreen(ctx, route.tab ?? 'score');
    case 'match':
      return lazyScreen(() => import('./matchScreen').then(({ matchScreen }) => matchScreen(ctx, route.matchId)));
    case 'sign-in':
      return signInScreen(ctx);
    case 'link':
      return signInScreen(ctx, route.code);
    case 'signed-out':
      return signedOutScreen(ctx);
    case 'admin':
      return lazyScreen(() => import('./adminScreen').then(({ adminScreen }) => adminScreen(ctx)));
    case 'watch':
      return tableScreen(ctx, { kind: 'watch', roomId: route.roomId });
  }
}
