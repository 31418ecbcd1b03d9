/**
 * What a client receives per game action (target ≤ 150 bytes per client per action): full
 * four-player games on a real server, four colyseus.js clients playing their own turns, every byte each
 * websocket receives counted from the moment it joins (the lobby and the game's snapshot included).
 *   npm run bench:stream -- [--games 10]
 */
import type { Player } from '../test/support/players';
import { play, startedTable, waitFor } from '../test/support/players';
import { startTestServer } from '../test/support/server';

/** Colyseus frame kinds (the first byte): a room message, a state patch. */
const ROOM_DATA = 13;
const ROOM_STATE_PATCH = 15;

interface Received {
  messages: number;
  patches: number;
  other: number;
}

function countBytes(player: Player, into: Received): void {
  const ws = (
    player.room.connection as unknown as {
      transport: { ws: { addEventListener(type: 'message', listener: (e: { data: ArrayBuffer }) => void): void } };
    }
  ).transport.ws;
  ws.addEventListener('message', (e) => {
    const bytes = new Uint8Array(e.data);
    if (bytes[0] === ROOM_DATA) into.messages += bytes.length;
    else if (bytes[0] === ROOM_STATE_PATCH) into.patches += bytes.length;
    else into.other += bytes.length;
  });
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--games');
  const games = at > 0 ? Number(process.argv[at + 1]) : 10;
  const server = await startTestServer({ logLevel: 'silent', turnSeconds: 60 });
  const received: Received = { messages: 0, patches: 0, other: 0 };
  let actions = 0;
  try {
    for (let g = 0; g < games; g++) {
      const players = await startedTable(server, 4);
      for (const p of players) countBytes(p, received);
      await play(players, () => false, 300_000);
      await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
      actions += players[0]!.game.version * players.length;
      await Promise.all(players.map((p) => p.room.leave()));
    }
  } finally {
    await server.close();
  }
  const total = received.messages + received.patches + received.other;
  const per = (n: number) => (n / actions).toFixed(1);
  console.log(`stream: ${games} four-player games, ${actions / 4} actions`);
  console.log(
    `stream: bytes per client per action ${per(total)} (messages ${per(received.messages)}, state patches ${per(received.patches)}, other ${per(received.other)})`,
  );
  console.log(`stream: target ≤ 150: ${total / actions <= 150 ? 'met' : 'NOT MET'}`);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
