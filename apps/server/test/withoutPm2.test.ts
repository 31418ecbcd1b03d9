import '../src/withoutPm2';

test('Colyseus finds a silent @pm2/io: no sampling of the process for PM2 dashboards', async () => {
  const io = (await import('@pm2/io')).default as unknown as Record<string, unknown>;
  expect(Object.keys(io)).toEqual(['metric']);
  expect((io.metric as () => unknown)()).toBeUndefined();
});
