import type { KeyValueStore } from '../util/ports';

/** A value for each of the latest few tables, kept in the browser's storage under one key (only the latest tables matter). */
export class ByTable {
  constructor(
    private readonly storage: KeyValueStore,
    private readonly key: string,
    private readonly keep = 5,
  ) {}

  get(roomId: string): string | null {
    const value = this.all()[roomId];
    return typeof value === 'string' ? value : null;
  }

  /** The table whose value this is (the newest, if several). */
  tableOf(value: string): string | null {
    const found = Object.entries(this.all()).filter(([, v]) => v === value);
    return found.length > 0 ? found[found.length - 1]![0] : null;
  }

  set(roomId: string, value: string): void {
    const all = this.all();
    delete all[roomId]; // (re)added last: the newest
    all[roomId] = value;
    this.storage.setItem(this.key, JSON.stringify(Object.fromEntries(Object.entries(all).slice(-this.keep))));
  }

  delete(roomId: string): void {
    const all = this.all();
    delete all[roomId];
    this.storage.setItem(this.key, JSON.stringify(all));
  }

  private all(): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.key) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
}
