import type { TableSettingsRequest } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { onlineName } from '../online/onlineName';

/** Create a table with these settings as this player and go to its lobby; a refusal rejects with its words in the reader's language. */
export async function openNewTable(ctx: AppContext, settings: TableSettingsRequest): Promise<void> {
  let room;
  try {
    room = await ctx.net.createTable(settings, onlineName(ctx.prefs));
  } catch (e) {
    throw new Error(errorMessage(failureOf(e).code), { cause: e });
  }
  ctx.net.hand(room);
  ctx.navigate({ name: 'table', roomId: room.roomId });
}
