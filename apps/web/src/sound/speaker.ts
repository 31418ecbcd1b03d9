import type { Prefs } from '../ui/prefs';
import { type Cue, synthesize } from './synth';

/**
 * Plays cues unless muted (a stored preference). Browsers start audio only from a user gesture, so the
 * AudioContext is made (or resumed) on one; until then, and wherever there is no Web Audio, cues are silent.
 * Nothing here throws: sound is never worth breaking the game for.
 */
export class Speaker {
  private audio: AudioContext | null = null;
  /** How often each cue sounded (the page exposes it to tests). */
  readonly played: Partial<Record<Cue, number>> = {};

  constructor(private readonly prefs: Prefs) {}

  get muted(): boolean {
    return this.prefs.muted;
  }

  set muted(value: boolean) {
    this.prefs.muted = value;
  }

  /** Call from a user gesture. */
  unlock(): void {
    try {
      if (!this.audio && typeof AudioContext !== 'undefined') this.audio = new AudioContext();
      if (this.audio?.state === 'suspended') void this.audio.resume().catch(() => undefined);
    } catch {
      this.audio = null;
    }
  }

  /** Sound a cue; returns whether it sounded (not muted). */
  play(cue: Cue): boolean {
    if (this.muted) return false;
    this.played[cue] = (this.played[cue] ?? 0) + 1;
    try {
      if (this.audio?.state === 'running') synthesize(this.audio, cue);
    } catch {
      // A closed or broken audio device: stay silent.
    }
    return true;
  }

  dispose(): void {
    void this.audio?.close().catch(() => undefined);
    this.audio = null;
  }
}
