/** Narrow screens stack seats, board and controls; wide ones put the board beside them (styles/wide.css). */
const SIDE_BY_SIDE = '(min-width: 900px) and (min-aspect-ratio: 1/1)';
/** Below this the board is too small to play on: the controls may then need a scroll. */
const SMALLEST = 240;

/**
 * On a phone the board gives way to the controls: it is made as large as leaves every control that acts
 * (`actingEnd` is the last of them) on the first screen, whatever the notice, names and language above
 * and below it take. Measured, not guessed, because those heights vary. Returns the way to refit.
 */
export function fitBoard(wrap: HTMLElement, actingEnd: HTMLElement, active: () => boolean): () => void {
  return () => {
    if (!active() || window.matchMedia(SIDE_BY_SIDE).matches) {
      wrap.style.removeProperty('max-width');
      return;
    }
    const board = wrap.getBoundingClientRect().height;
    const end = actingEnd.getBoundingClientRect().bottom + window.scrollY;
    const room = window.innerHeight - (end - board) - 4;
    wrap.style.maxWidth = `${Math.max(SMALLEST, Math.floor(room))}px`;
  };
}
