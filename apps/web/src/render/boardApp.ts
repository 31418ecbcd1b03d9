import { CanvasRenderer, Container, EventsTicker, type Renderer, Ticker, UPDATE_PRIORITY, WebGLRenderer, isWebGLSupported } from 'pixi.js';
// Of Pixi's browser extensions the board needs only pointer events (the die and the planes are tapped);
// the renderer is told not to load the others (accessibility overlay, DOM containers, filters) with
// its dynamic import, so they stay out of the page's script and a board starts with the server gone.
import 'pixi.js/events';

/** How often Pixi's system ticker runs: its timers are seconds long (the texture collector). */
const SYSTEM_TICK_MS = 1000;
let systemTicks: ReturnType<typeof setInterval> | null = null;

/**
 * Pixi's system ticker runs its renderers' timers (a texture collector every few seconds) and re-sends the last
 * pointer move every frame so that hover follows a moving scene: a frame loop that never stopped, waking a still
 * page 60 times a second. The board needs taps only, and the timers a tick a second.
 */
function slowSystemTicker(): void {
  EventsTicker.removeTickerListener();
  if (systemTicks !== null) return;
  Ticker.system.autoStart = false;
  Ticker.system.stop();
  systemTicks = setInterval(() => Ticker.system.update(), SYSTEM_TICK_MS);
}

export interface BoardAppOptions {
  readonly width: number;
  readonly height: number;
  readonly resolution: number;
  readonly background: number | string;
  readonly backgroundAlpha: number;
}

/**
 * What the board needs of Pixi's Application: a stage, a renderer and a ticker that draws a frame per
 * tick. Application picks its renderer at run time, which brings the WebGPU renderer into the script
 * though the board never uses it (about 12 KB gzip); here it is WebGL, or the canvas where WebGL is missing.
 */
export class BoardApp {
  readonly stage = new Container();
  readonly ticker = new Ticker();

  private constructor(readonly renderer: Renderer | CanvasRenderer) {
    this.ticker.add(() => this.render(), undefined, UPDATE_PRIORITY.LOW);
    // Animations keep their length in time down to 2 frames a second (Pixi's default counts at most 100 ms
    // a frame): on a slow device a move took seconds longer and the board fell behind the game.
    this.ticker.minFPS = 2;
  }

  static async create(options: BoardAppOptions): Promise<BoardApp> {
    const renderer = isWebGLSupported() ? new WebGLRenderer() : new CanvasRenderer();
    await renderer.init({ ...options, antialias: true, autoDensity: true, skipExtensionImports: true });
    slowSystemTicker();
    return new BoardApp(renderer);
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas as HTMLCanvasElement;
  }

  private destroyed = false;

  render(): void {
    // A frame asked for just before the screen went (requestAnimationFrame) must not draw with the
    // destroyed renderer: Pixi throws reading its emptied lists.
    if (!this.destroyed) this.renderer.render({ container: this.stage });
  }

  destroy(): void {
    this.destroyed = true;
    this.ticker.destroy();
    this.renderer.destroy({ removeView: true });
    this.stage.destroy({ children: true });
  }
}
