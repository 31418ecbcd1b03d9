/** Named one-shot timers of a table (turn deadline, automatic action, pending answer); all cleared on dispose. */
export class Timers {
  private readonly handles = new Map<string, NodeJS.Timeout>();

  constructor(private readonly onError: (error: unknown, timer: string) => void) {}

  /** (Re)start timer `name`: an earlier one of the same name is cancelled. */
  set(name: string, ms: number, run: () => void): void {
    this.clear(name);
    const handle = setTimeout(() => {
      this.handles.delete(name);
      try {
        run();
      } catch (error) {
        this.onError(error, name);
      }
    }, ms);
    this.handles.set(name, handle);
  }

  clear(name: string): void {
    const handle = this.handles.get(name);
    if (handle) clearTimeout(handle);
    this.handles.delete(name);
  }

  clearAll(): void {
    for (const handle of this.handles.values()) clearTimeout(handle);
    this.handles.clear();
  }
}
