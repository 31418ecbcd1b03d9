/** A screen owns its element; `relabel` redraws its text after a language switch. */
export interface Screen {
  readonly el: HTMLElement;
  /** Called once the element is in the page (the board sizes itself from it). */
  mount?(): Promise<void>;
  relabel(): void;
  dispose(): void;
}
