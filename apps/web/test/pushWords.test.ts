import { PUSH_WORDS, pushText } from '../src/friends/pushWords';

describe('what a push says', () => {
  test.each([
    [{ kind: 'friend-request', from: '小明', lang: 'zh-CN' }, '小明 想加你为好友'],
    [{ kind: 'friend-accepted', from: 'Ann', lang: 'en' }, 'Ann accepted your friend request'],
    [{ kind: 'invitation', from: 'Ann', roomId: 'r1', lang: 'en' }, 'Ann invited you to a table (for 2 minutes)'],
    [{ kind: 'summary', counts: { 'friend-request': 2, invitation: 1 }, lang: 'zh-CN' }, '你休息时来了 3 条通知'],
    [{ kind: 'friend-request', from: 'Bob', lang: 'fr' }, 'Bob 想加你为好友'],
  ] as const)('%j', (payload, body) => {
    expect(pushText(PUSH_WORDS, payload).body).toBe(body);
  });

  test('the service worker can be built from its source: it reads nothing but its arguments', () => {
    const rebuilt = new Function('words', 'payload', `return (${pushText.toString()})(words, payload);`) as typeof pushText;
    expect(rebuilt(PUSH_WORDS, { kind: 'friend-request', from: 'Cat', lang: 'en' })).toEqual({
      title: 'Flight Chess',
      body: 'Cat wants to be your friend',
    });
  });
});
