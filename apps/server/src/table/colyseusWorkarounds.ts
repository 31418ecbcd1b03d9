import type { SchemaSerializer } from '@colyseus/core';
import type { Encoder, Schema } from '@colyseus/schema';

/**
 * Colyseus encodes every state patch (and the full state a joining client gets) into the encoder's one
 * reusable buffer and sends a view of it; ws queues a frame it cannot write at once by reference. So a
 * write that waits — a slow client's full socket, or HeldWrites' cork — went out with the bytes of a
 * later patch, and that client's state was corrupt. Each encoding gets its own copy (tens of bytes).
 */
export function ownPatches(serializer: SchemaSerializer<Schema>): void {
  const { encoder } = serializer as unknown as { encoder: Encoder };
  const encode = encoder.encode.bind(encoder);
  encoder.encode = (...args: Parameters<Encoder['encode']>) => Buffer.from(encode(...args));
}
