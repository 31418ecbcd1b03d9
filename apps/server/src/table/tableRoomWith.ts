import type { IncomingMessage } from 'node:http';
import { type SeatAuth, seatCredentials } from '../accounts/seatCredentials';
import { TableRoom } from './TableRoom';
import type { TableDeps } from './tableDeps';

/**
 * The room class Colyseus instantiates, bound to this server's dependencies. Its static onAuth checks the
 * player's credentials when a seat is asked for, before Colyseus makes a room (accounts/seatCredentials.ts);
 * onJoin gets that player.
 */
export function tableRoomWith(deps: TableDeps): new () => TableRoom {
  return class BoundTableRoom extends TableRoom {
    static override onAuth(_token: string | undefined, options: unknown, context: { req?: IncomingMessage }): Promise<SeatAuth> {
      return seatCredentials(deps, options, context);
    }

    constructor() {
      super(deps);
    }
  };
}
