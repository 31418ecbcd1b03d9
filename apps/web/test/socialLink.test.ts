import type { FriendsAnswer, SocialEvent } from '@flightchess/protocol';
import { EventFrames } from '../src/online/eventFrames';
import { SocialLink } from '../src/online/socialLink';

const answer = (names: string[]): FriendsAnswer => ({
  friends: names.map((nickname, i) => ({ playerId: `p${i}`, nickname, since: 1, presence: { state: 'offline', since: 0 }, alert: false })),
  incoming: [],
  outgoing: [],
  code: 'ABCDEFGH',
  settings: { appearOffline: false, invitations: 'everyone' },
});
const frame = (event: SocialEvent) => `data: ${JSON.stringify(event)}\n\n`;

describe('server-sent events read from a fetch body', () => {
  test('whole frames only, across chunks; comments skipped; CRLF as LF', () => {
    const frames = new EventFrames();
    expect(frames.feed(':\n\ndata: {"a":')).toEqual([]);
    expect(frames.feed('1}\n\ndata: 2\r\n\r\nda')).toEqual(['{"a":1}', '2']);
    expect(frames.feed('ta: x\ndata: y\n\n')).toEqual(['x\ny']);
  });
});

/** A server whose answers the test writes: each call to fetch is one stream. */
function fakeServer() {
  const calls: { body: unknown; push(text: string): void; end(): void; signal: AbortSignal }[] = [];
  const encoder = new TextEncoder();
  const fetchFn = (async (_url: string, init: RequestInit) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const signal = init.signal!;
    signal.addEventListener('abort', () => controller.error(new Error('aborted')));
    calls.push({
      body: JSON.parse(String(init.body)),
      push: (t) => controller.enqueue(encoder.encode(t)),
      end: () => controller.close(),
      signal,
    });
    return new Response(body, { status: 200 });
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the page's live line to its friends", () => {
  const creds = { playerId: 'me', secret: 's', nickname: 'Me' };

  test('opens once there is a player, applies the list and each presence, and comes back by itself after a drop', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const server = fakeServer();
      let who: typeof creds | null = null;
      const link = new SocialLink({ credentials: () => who, url: (p) => `http://x${p}` }, server.fetchFn);
      const heard: FriendsAnswer[] = [];
      link.watch((a) => heard.push(a));
      link.ensure();
      expect(server.calls).toHaveLength(0); // no player yet
      who = creds;
      link.ensure();
      link.ensure(); // already open: nothing more
      await jest.advanceTimersByTimeAsync(0);
      expect(server.calls.map((c) => c.body)).toEqual([{ playerId: 'me', secret: 's', page: expect.stringMatching(/^[0-9a-f]{24}$/) }]);

      server.calls[0]!.push(frame({ type: 'friends', friends: answer(['Ann', 'Bob']) }));
      await jest.advanceTimersByTimeAsync(0);
      expect(link.friends?.friends.map((f) => f.nickname)).toEqual(['Ann', 'Bob']);
      server.calls[0]!.push(frame({ type: 'presence', playerId: 'p1', presence: { state: 'online', since: 5 } }));
      await jest.advanceTimersByTimeAsync(0);
      expect(link.friends?.friends[1]!.presence).toEqual({ state: 'online', since: 5 });
      expect(heard).toHaveLength(2);

      // Dropped: asked again after 0.5 s, then after 1 s.
      server.calls[0]!.end();
      await jest.advanceTimersByTimeAsync(499);
      expect(server.calls).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(server.calls).toHaveLength(2);
      server.calls[1]!.end();
      await jest.advanceTimersByTimeAsync(999);
      expect(server.calls).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(1);
      expect(server.calls).toHaveLength(3);

      // Another player on this device (signed in): the old stream is let go and a new one opened.
      who = { ...creds, playerId: 'other' };
      link.ensure();
      await jest.advanceTimersByTimeAsync(0);
      expect(server.calls[2]!.signal.aborted).toBe(true);
      expect(server.calls[3]!.body).toMatchObject({ playerId: 'other', secret: 's' });
      link.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  test('an answer of the JSON API is shown at once: the friends whole, or the settings alone over what was shown', async () => {
    const link = new SocialLink({ credentials: () => null, url: (p) => p }, fakeServer().fetchFn);
    const heard: FriendsAnswer[] = [];
    link.watch((a) => heard.push(a));
    link.told({ settings: { appearOffline: true, invitations: 'nobody' } });
    expect(heard).toEqual([]); // nothing shown yet to change
    link.told(answer(['Ann']));
    link.told({ settings: { appearOffline: true, invitations: 'nobody' } });
    expect(link.friends).toEqual({ ...answer(['Ann']), settings: { appearOffline: true, invitations: 'nobody' } });
    expect(heard).toHaveLength(2);
  });

  test('it says every 30 s that the page is there, under the name its stream was opened with', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const asked: { url: string; body: unknown }[] = [];
      const server = fakeServer();
      const fetchFn = ((url: string, init: RequestInit) => {
        if (url.endsWith('/api/me/here'))
          return (asked.push({ url, body: JSON.parse(String(init.body)) }), Promise.resolve(new Response(null, { status: 204 })));
        return server.fetchFn(url, init);
      }) as typeof fetch;
      const link = new SocialLink({ credentials: () => creds, url: (p) => `http://x${p}` }, fetchFn);
      link.ensure();
      await jest.advanceTimersByTimeAsync(29_999);
      expect(asked).toEqual([]);
      await jest.advanceTimersByTimeAsync(30_001);
      const page = (server.calls[0]!.body as { page: string }).page;
      expect(asked).toEqual([1, 2].map(() => ({ url: 'http://x/api/me/here', body: { playerId: 'me', secret: 's', page } })));
      link.stop();
      await jest.advanceTimersByTimeAsync(60_000);
      expect(asked).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('credentials refused (signed out): it stops asking', async () => {
    let calls = 0;
    const fetchFn = (async () => (calls++, new Response('{}', { status: 401 }))) as unknown as typeof fetch;
    const link = new SocialLink({ credentials: () => creds, url: (p) => p }, fetchFn);
    link.ensure();
    await tick();
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toBe(1);
    link.stop();
  });
});
