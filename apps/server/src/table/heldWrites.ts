import type { Client } from '@colyseus/core';
import { type Corkable, socketOf } from './colyseusWorkarounds';

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
