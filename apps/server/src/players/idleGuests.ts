import type { Logger } from 'pino';
import type { PlayerStorage } from './playerRepository';

const DAY = 86_400_000;
const EVERY = 3_600_000;

/**
 * Guests who never played are deleted `days` after they were created (a script can make thousands;
 * each is a row), checked when the server starts and every hour. Players with games are kept forever.
 */
export function cleanIdleGuests(storage: Pick<PlayerStorage, 'deleteIdleGuests'>, days: number, logger: Logger): { stop(): void } {
  const clean = () =>
    storage.deleteIdleGuests(Date.now() - days * DAY).then(
      (deleted) => deleted > 0 && logger.info({ event: 'guests-cleaned', deleted, days }, 'idle guests deleted'),
      (err: unknown) => logger.error({ event: 'guests-clean-failed', err }, 'could not delete idle guests'),
    );
  void clean();
  const timer = setInterval(() => void clean(), EVERY);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
