import { controlsOf } from '../src/play/controls';
import { setLanguage } from '../src/i18n';
import { gameOf, viewOf } from './support';

const redToRoll = () => gameOf({ preset: 'online', seats: ['red', 'yellow'], firstSeat: 'red' });

/** Red's turn, with red played by auto-play (托管); `local`: the seats this device plays. */
function promptWhileAutoPlaying(local: readonly ('red' | 'yellow')[]): string {
  const state = redToRoll();
  const view = viewOf(state, local);
  const seats = view.seats.map((s) => ({ ...s, name: s.colour === 'red' ? 'Player 268' : 'Bo', autoPlay: s.colour === 'red' }));
  return controlsOf({ ...view, seats }, null).prompt;
}

afterAll(() => setLanguage('zh-CN'));

describe('the prompt while auto-play plays a seat', () => {
  test.each([
    ['zh-CN', '托管正在替你走这一回合'],
    ['en', 'Auto-play is playing your turn'],
  ] as const)('the own seat is said in the second person, not by its name (%s)', (lang, words) => {
    setLanguage(lang);
    expect(promptWhileAutoPlaying(['red'])).toBe(words);
  });

  test('on a device several people share, the seat auto-play plays for is named', () => {
    setLanguage('en');
    expect(promptWhileAutoPlaying(['red', 'yellow'])).toBe("Auto-play is playing Player 268's turn");
  });

  test("another player's seat on auto-play is just their turn", () => {
    setLanguage('en');
    expect(promptWhileAutoPlaying(['yellow'])).toBe("Player 268's turn");
  });
});
