import { CanvasRenderer, Container, type Renderer, Ticker, UPDATE_PRIORITY, WebGLRenderer, isWebGLSupported } from 'pixi.js';
// Pixi loads its browser environment with a dynamic import when a renderer starts: imported here, it is
// in the page's own script, so a board can start with the server gone (the import then finds it loaded).
import 'pixi.js/browser';

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
    await renderer.init({ ...options, antialias: true, autoDensity: true });
    return new BoardApp(renderer);
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas as HTMLCanvasElement;
  }

  render(): void {
    this.renderer.render({ container: this.stage });
  }

  destroy(): void {
    this.ticker.destroy();
    this.renderer.destroy({ removeView: true });
    this.stage.destroy({ children: true });
  }
}
