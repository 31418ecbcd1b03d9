import type { NoticeAnswer } from '@flightchess/protocol';
import type { Request, Response } from 'express';
import type { Notices } from './notices';

/** A comment line this often keeps proxies (nginx closes a silent one after 60 s) from cutting the stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * `GET /api/notice/stream`: the notice as server-sent events, the current one first and then each
 * change as the operator makes it. It holds one connection per open page, counted against the
 * address's connections like any other (limits/connectionGuard.ts).
 */
export const noticeStream =
  (notices: Notices, keepAliveMs = KEEP_ALIVE_MS) =>
  async (_req: Request, res: Response): Promise<void> => {
    const current = await notices.current();
    // nginx buffers a proxied answer unless told not to; no-transform keeps other proxies from compressing it.
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    });
    const send = (notice: NoticeAnswer['notice']) => res.write(`data: ${JSON.stringify({ notice } satisfies NoticeAnswer)}\n\n`);
    send(current);
    const beat = setInterval(() => res.write(':\n\n'), keepAliveMs);
    const unwatch = notices.watch({ changed: send, end: () => res.end() });
    res.once('close', () => {
      clearInterval(beat);
      unwatch();
    });
  };
