import type { VerifyAnswer } from '@flightchess/protocol';
import { seatName } from '../src/play/describe';
import { REPLAY_SPEEDS, ReplayPlayer } from '../src/replay/replayPlayer';
import { ReplaySource } from '../src/play/sources/replaySource';
import { verdictLines } from '../src/results/verdict';
import { setLanguage } from '../src/i18n';
import { ServerFailure } from '../src/online/netSession';
import { failureText } from '../src/recordPage';
import { ManualScheduler } from './support';

/** A replay as the player sees it: a position in 0..steps. */
class Positions {
  position = 0;
  constructor(readonly steps: number) {}
  goTo(p: number): void {
    this.position = Math.max(0, Math.min(this.steps, p));
  }
}

describe('the replay player', () => {
  const setup = (steps = 5) => {
    const replay = new Positions(steps);
    const scheduler = new ManualScheduler();
    let changes = 0;
    const player = new ReplayPlayer(replay, scheduler, 1000, () => changes++);
    return { replay, scheduler, player, changes: () => changes };
  };

  it('plays one step per interval, faster at a higher speed, and stops at the end', () => {
    const { replay, scheduler, player } = setup(3);
    player.play();
    expect(player.playing).toBe(true);
    scheduler.fire();
    expect(replay.position).toBe(1);
    player.setSpeed(16);
    scheduler.fire();
    player.setSpeed(0.5);
    scheduler.fire();
    expect(replay.position).toBe(3);
    expect(player.playing).toBe(false);
    expect(scheduler.pending).toBe(0);
    // The first interval at 1×, one at 16×, one at 0.5× (a speed change while playing re-times the next step).
    expect(scheduler.delays).toEqual([1000, 1000, 62.5, 62.5, 2000]);
    expect(REPLAY_SPEEDS).toEqual([0.5, 1, 2, 4, 8, 16]);
  });

  it('plays from the start again at the end; pauses; a step pauses and moves one either way', () => {
    const { replay, scheduler, player, changes } = setup(5);
    replay.goTo(5);
    player.play();
    expect(replay.position).toBe(0);
    scheduler.fire();
    player.toggle();
    expect([player.playing, scheduler.pending, replay.position]).toEqual([false, 0, 1]);
    player.play();
    player.step(1);
    expect([player.playing, scheduler.pending, replay.position]).toEqual([false, 0, 2]);
    player.step(-1);
    player.step(-1);
    player.step(-1);
    expect(replay.position).toBe(0);
    expect(changes()).toBeGreaterThan(5);
  });

  it('jumps anywhere at once and goes on playing from there, unless it jumped to the end', () => {
    const { replay, scheduler, player } = setup(600);
    player.play();
    player.jump(400);
    expect([replay.position, player.playing]).toEqual([400, true]);
    scheduler.fire();
    expect(replay.position).toBe(401);
    player.jump(600);
    expect([player.playing, scheduler.pending]).toEqual([false, 0]);
  });
});

describe('replay names', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('names people by nickname and bots by colour and strength in the current language', () => {
    const replay = ReplaySource.of(
      { preset: 'online', seats: ['red', 'yellow'] },
      [],
      [
        { colour: 'red', name: 'Ann', bot: null },
        { colour: 'yellow', name: 'x', bot: 'strong' },
      ],
    )!;
    const view = () => replay.current().view;
    expect([seatName(view(), 'red'), seatName(view(), 'yellow')]).toEqual(['Ann', '黄方电脑（强）']);
    setLanguage('en');
    expect(seatName(view(), 'yellow')).toBe('Yellow bot (strong)');
  });
});

describe('the match page', () => {
  const dice = { ok: true, value: { rolls: 12 } } as const;

  it('says whether the dice match the commitment and the replay matches the record', () => {
    const good: VerifyAnswer = { dice, replay: { ok: true, result: null, gameOver: true, matchesRecord: true } };
    expect(verdictLines(good, 30)).toEqual([
      { ok: true, text: '骰子验证通过：12 次掷骰全部由公开的种子重新算出，与承诺一致' },
      { ok: true, text: '回放一致：按记录重走全部 30 步，结果与记录相同' },
    ]);
    const differs: VerifyAnswer = {
      dice: { ok: false, error: { code: 'ERR_BAD_SEED', message: 'no' } },
      replay: { ok: true, result: null, gameOver: false, matchesRecord: false },
    };
    expect(verdictLines(differs, 30).map((l) => l.ok)).toEqual([false, false]);
    setLanguage('en');
    const broken: VerifyAnswer = { dice, replay: { ok: false, error: { code: 'ERR_NOT_YOUR_TURN', message: 'not your turn' } } };
    expect(verdictLines(broken, 30)[1]).toEqual({ ok: false, text: 'The record does not replay: It is not your turn' });
    setLanguage('zh-CN');
  });

  it('tells a missing record from a connection problem', () => {
    expect(failureText(new ServerFailure('ERR_NO_MATCH', 'no such match'))).toBe('找不到这局的记录');
    expect(failureText(new ServerFailure('ERR_NO_PLAYER', 'no such player'))).toBe('找不到这位玩家');
    expect(failureText(new ServerFailure('ERR_NETWORK', 'Failed to fetch'))).toBe('无法连接服务器，请检查网络后重试');
    expect(failureText(new ServerFailure('HTTP_500', 'Internal Server Error'))).toBe('出错了（HTTP_500）');
  });
});
