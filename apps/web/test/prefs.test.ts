import { Prefs } from '../src/ui/prefs';

function memory(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('muted players (quick phrases)', () => {
  test('are remembered, each once, and can be unmuted', () => {
    const storage = memory();
    const prefs = new Prefs(storage);
    expect(prefs.mutedPlayers).toEqual([]);
    prefs.setMuted('p1', true);
    prefs.setMuted('p2', true);
    prefs.setMuted('p1', true);
    expect(new Prefs(storage).mutedPlayers).toEqual(['p2', 'p1']);
    prefs.setMuted('p2', false);
    expect(prefs.mutedPlayers).toEqual(['p1']);
  });

  test('a damaged stored list reads as nobody muted', () => {
    const storage = memory();
    storage.setItem('flightchess.mutedPlayers', '{not json');
    expect(new Prefs(storage).mutedPlayers).toEqual([]);
    storage.setItem('flightchess.mutedPlayers', '[1, "p3", null]');
    expect(new Prefs(storage).mutedPlayers).toEqual(['p3']);
  });
});
