/** The sounds of the game. */
export type Cue = 'roll' | 'step' | 'jump' | 'flight' | 'capture' | 'arrive' | 'yourTurn' | 'win';

/** One tone: a frequency (sliding to `to`), from `at` seconds for `dur` seconds, with a quick attack and decay. */
interface Tone {
  readonly f: number;
  readonly to?: number;
  readonly at: number;
  readonly dur: number;
  readonly wave: OscillatorType;
  readonly gain: number;
}

const note = (f: number, at: number, dur: number, wave: OscillatorType = 'sine', gain = 0.2): Tone => ({ f, at, dur, wave, gain });
const slide = (f: number, to: number, dur: number, wave: OscillatorType, gain: number): Tone => ({ f, to, at: 0, dur, wave, gain });

/** Every sound is synthesised from a few tones: no audio files to download. */
const SOUNDS: Readonly<Record<Cue, readonly Tone[]>> = {
  // The die rattles: short clicks at uneven pitches.
  roll: [440, 330, 520, 390, 610].map((f, i) => note(f, i * 0.05, 0.04, 'square', 0.06)),
  step: [note(700, 0, 0.06, 'triangle', 0.12)],
  jump: [slide(420, 880, 0.16, 'triangle', 0.16)],
  flight: [slide(260, 1300, 0.45, 'sawtooth', 0.07)],
  capture: [slide(320, 70, 0.3, 'square', 0.12)],
  arrive: [note(660, 0, 0.12), note(990, 0.1, 0.22)],
  yourTurn: [note(523, 0, 0.14, 'sine', 0.22), note(784, 0.13, 0.3, 'sine', 0.22)],
  win: [523, 659, 784, 1047].map((f, i) => note(f, i * 0.12, i === 3 ? 0.5 : 0.14, 'triangle', 0.2)),
};

/** Play a cue on `audio` now. */
export function synthesize(audio: BaseAudioContext, cue: Cue): void {
  const now = audio.currentTime;
  for (const tone of SOUNDS[cue]) {
    const start = now + tone.at;
    const end = start + tone.dur;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = tone.wave;
    osc.frequency.setValueAtTime(tone.f, start);
    if (tone.to) osc.frequency.exponentialRampToValueAtTime(tone.to, end);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(tone.gain, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(end + 0.02);
  }
}
