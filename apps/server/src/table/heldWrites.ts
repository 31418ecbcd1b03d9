import type { Client } from '@colyseus/core';

/** The TCP socket under a Colyseus websocket client (ws keeps it as `_socket`). */
interface Corkable {
  cork(): void;
  uncork(): void;
}
const socketOf = (client: Client): Corkable | undefined => (client as unknown as { ref?: { _socket?: Corkable } }).ref?._socket;

/**
 * Hold every frame the clients are sent until the current work is done (the next tick), then send
 * each client's frames in one write: an action message and the patch that follows it leave together.
 * Without it every frame was its own system call, about a third of the server's time under load.
 */
export class HeldWrites {
  private holding = false;

  constructor(private readonly clients: () => Iterable<Client>) {}

  hold(): void {
    if (this.holding) return;
    this.holding = true;
    const sockets: Corkable[] = [];
    for (const client of this.clients()) {
      const socket = socketOf(client);
      if (!socket) continue;
      socket.cork();
      sockets.push(socket);
    }
    process.nextTick(() => {
      this.holding = false;
      for (const socket of sockets) socket.uncork();
    });
  }
}
