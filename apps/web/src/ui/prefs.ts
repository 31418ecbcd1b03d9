import { LANGUAGES, type Language } from '../i18n';
import type { KeyValueStore } from '../util/ports';

const NICKNAME = 'flightchess.nickname';
const LANGUAGE = 'flightchess.lang';
const MUTED = 'flightchess.muted';
const MUTED_PLAYERS = 'flightchess.mutedPlayers';
const CONFIRM_MOVES = 'flightchess.confirmMoves';
/** Players muted for quick phrases: the newest this many are kept. */
const MUTED_KEPT = 100;

/** Settings kept in the browser between visits. */
export class Prefs {
  constructor(private readonly storage: KeyValueStore) {}

  get nickname(): string {
    return this.storage.getItem(NICKNAME) ?? '';
  }

  set nickname(value: string) {
    this.storage.setItem(NICKNAME, value.trim().slice(0, 20));
  }

  /** The language the player picked, kept over the browser's; null while they have not picked one. */
  get language(): Language | null {
    const stored = this.storage.getItem(LANGUAGE);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : null;
  }

  set language(value: Language) {
    this.storage.setItem(LANGUAGE, value);
  }

  /** Players whose quick phrases this browser does not show. */
  get mutedPlayers(): readonly string[] {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(MUTED_PLAYERS) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
    } catch {
      return [];
    }
  }

  setMuted(playerId: string, muted: boolean): void {
    const others = this.mutedPlayers.filter((p) => p !== playerId);
    this.storage.setItem(MUTED_PLAYERS, JSON.stringify((muted ? [...others, playerId] : others).slice(-MUTED_KEPT)));
  }

  /** Game sounds off. */
  get muted(): boolean {
    return this.storage.getItem(MUTED) === '1';
  }

  set muted(value: boolean) {
    this.storage.setItem(MUTED, value ? '1' : '0');
  }

  /** Select a plane first and move it with a second tap or confirm, instead of one tap moving it (see tapDecision). */
  get confirmMoves(): boolean {
    return this.storage.getItem(CONFIRM_MOVES) === '1';
  }

  set confirmMoves(value: boolean) {
    this.storage.setItem(CONFIRM_MOVES, value ? '1' : '0');
  }
}
