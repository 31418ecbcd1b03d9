import { createLogger } from '../src/logger';
import { LogCapture } from './support/server';

describe('log redaction (a second line of defence: the server never passes these to the logger)', () => {
  test('secrets, passwords, hashes, link codes, passkey material and request bodies are redacted, at the top and one level down', () => {
    const logs = new LogCapture();
    const log = createLogger('info', logs);
    const secrets = {
      secret: 'device-secret-1',
      seed: 'dice-seed-1',
      reconnectionToken: 'token-1',
      password: 'hunter2hunter2',
      currentPassword: 'old-password-1',
      passwordHash: 'scrypt$1$2$3$salt$key',
      secretHash: 'ab'.repeat(32),
      linkCode: 'ACDEFGHJ',
      codeHash: 'cd'.repeat(32),
      publicKey: 'pQECAyYgASFYIA',
      challenge: 'challenge-1',
      response: { signature: 'sig-1' },
      body: '{"password":"in-a-body"}',
    };
    log.info({ event: 'top', ...secrets }, 'top level');
    log.info({ event: 'nested', err: { ...secrets } }, 'one level down');
    const text = logs.raw.join('\n');
    for (const value of [
      'device-secret-1',
      'dice-seed-1',
      'token-1',
      'hunter2hunter2',
      'old-password-1',
      'scrypt$',
      'ACDEFGHJ',
      'pQECAy',
      'challenge-1',
      'sig-1',
      'in-a-body',
      'abab',
      'cdcd',
    ]) {
      expect(text).not.toContain(value);
    }
    expect(logs.lines[0]).toMatchObject({ event: 'top', password: '[redacted]', linkCode: '[redacted]' });
    expect(logs.lines[1]).toMatchObject({ event: 'nested', err: { secret: '[redacted]', publicKey: '[redacted]' } });
  });
});
