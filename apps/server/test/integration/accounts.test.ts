import crypto from 'node:crypto';
import type { LinkCode, SignedIn } from '@flightchess/protocol';
import { hashSecret } from '../../src/accounts/guests';
import { ACCOUNTS_CONFIG, BAD_CREDENTIALS, PHONE_UA, accountsApi, expectNoSecretsLogged, expectTooMany } from '../support/accountsApi';
import { type Guest, credentials } from '../support/players';
import { testServerPerFile } from '../support/server';
import { SoftAuthenticator } from '../support/softAuthenticator';

jest.setTimeout(30_000);

/** The accounts API over real HTTP (at a table: accounts/atTable.test.ts). */
const t = testServerPerFile(ACCOUNTS_CONFIG);
const { fresh, call, post, guest, linked, devicesOf } = accountsApi(t);

describe('link a device by a one-time code', () => {
  test('the code: 8 characters of the join-code alphabet, a link, 10 minutes; only for the player with their secret', async () => {
    const ann = await guest();
    const before = Date.now();
    const made = await post<LinkCode>(`/players/${ann.playerId}/link-codes`, { secret: ann.secret });
    expect(made.status).toBe(201);
    expect(made.body.code).toMatch(/^[ACDEFGHJKMNPRTWXY34679]{8}$/);
    expect(made.body.link).toBe(`/?link=${made.body.code}`);
    expect(made.body.expiresAt).toBeGreaterThanOrEqual(before + 600_000);
    expect(made.body.expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(await post(`/players/${ann.playerId}/link-codes`, { secret: 'wrong' })).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    expect(await post(`/players/${ann.playerId}/link-codes`, {})).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    expect(await post('/players/nobody/link-codes', { secret: ann.secret })).toMatchObject({ status: 401 });
  });

  test('redeemed, it makes the other device the same player with a secret of its own; used once', async () => {
    const ann = await guest();
    const code = (await post<LinkCode>(`/players/${ann.playerId}/link-codes`, { secret: ann.secret })).body.code;
    // Typed in lower case with a space: still the code.
    const link = await post<SignedIn>(
      '/link',
      { code: `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}` },
      { headers: { 'user-agent': PHONE_UA } },
    );
    expect(link).toMatchObject({ status: 200, body: { playerId: ann.playerId, nickname: 'Ann', secret: expect.any(String) } });
    expect(link.body.secret).not.toBe(ann.secret);
    const devices = (await devicesOf(link.body)).body;
    expect(devices.map((d) => [d.name, d.current])).toEqual([
      ['Linux · Firefox', false],
      ['Android (Pixel 8) · Chrome', true],
    ]);
    expect((await devicesOf(ann)).body.map((d) => d.current)).toEqual([true, false]);
    expect(await post('/link', { code })).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_LINK_CODE' } } });
  });

  test("an expired code, a code of another player replaced by a newer one, and codes that are no one's are refused alike", async () => {
    const ann = await guest();
    const now = Date.now();
    await t.storage.accounts.addLinkCode({ codeHash: hashSecret('ACDEFGHJ'), playerId: ann.playerId, expiresAt: now - 1 }, now - 60_000);
    const from = fresh();
    expect(await post('/link', { code: 'ACDEFGHJ' }, { from })).toMatchObject({
      status: 404,
      body: { error: { code: 'ERR_NO_LINK_CODE' } },
    });
    const first = (await post<LinkCode>(`/players/${ann.playerId}/link-codes`, { secret: ann.secret })).body.code;
    await post(`/players/${ann.playerId}/link-codes`, { secret: ann.secret });
    expect((await post('/link', { code: first }, { from })).status).toBe(404);
    for (const code of ['SHORT', 42]) expect((await post('/link', { code }, { from })).status).toBe(404);
    expect((await devicesOf(ann)).body).toHaveLength(1);
  });

  test('guessing meets the per-address limit of codes that match nothing (429 with Retry-After), shared with join codes', async () => {
    const ann = await guest();
    const from = fresh();
    for (let i = 0; i < 5; i++) expect((await post('/link', { code: 'ACDEFGHJ' }, { from })).status).toBe(404);
    await expectTooMany(await post('/link', { code: 'ACDEFGHK' }, { from }));
    // Even the right code waits: the address has used up its guesses.
    const code = (await post<LinkCode>(`/players/${ann.playerId}/link-codes`, { secret: ann.secret })).body.code;
    await expectTooMany(await post('/link', { code }, { from }));
    const lookup = await fetch(`${t.baseUrl}/api/tables/code/ACDEFG`, { headers: { 'x-forwarded-for': from } });
    expect(lookup.status).toBe(429);
    expect((await post('/link', { code }, { from: fresh() })).status).toBe(200);
  });
});

describe('a login name and password', () => {
  test('claimed by a signed-in player; names are checked, unique by NFKC and case; changing it needs the current password', async () => {
    const [ann, bob] = [await guest('Ann'), await guest('Bob')];
    const login = (g: Guest, body: Record<string, unknown>) => call('PUT', `/players/${g.playerId}/login`, { secret: g.secret, ...body });
    expect(await login(ann, { name: 'Ann_Li', password: 'correct horse' })).toMatchObject({ status: 200, body: { login: 'Ann_Li' } });
    for (const name of ['ab', 'a'.repeat(21), 'has space', 'semi;colon', 42]) {
      expect(await login(bob, { name, password: 'long enough' })).toMatchObject({
        status: 400,
        body: { error: { code: 'ERR_BAD_LOGIN_NAME' } },
      });
    }
    expect((await login(bob, { name: '飞行棋手', password: 'long enough' })).status).toBe(200); // letters of any script
    expect(await login(bob, { name: 'bobby', password: 'short' })).toMatchObject({
      status: 400,
      body: { error: { code: 'ERR_BAD_PASSWORD' } },
    });
    // Fullwidth letters are the same name after NFKC; case does not count.
    expect(await login(bob, { name: 'ＡＮＮ_li', password: 'long enough', currentPassword: 'long enough' })).toMatchObject({
      status: 409,
      body: { error: { code: 'ERR_NAME_TAKEN' } },
    });
    expect(await call('PUT', `/players/${ann.playerId}/login`, { secret: 'wrong', name: 'x', password: 'y' })).toMatchObject({
      status: 401,
    });
    expect(await login(ann, { name: 'Ann_Li', password: 'a new passphrase' })).toMatchObject({
      status: 403,
      body: { error: { code: 'ERR_WRONG_PASSWORD' } },
    });
    expect(await login(ann, { name: 'Ann_Li', password: 'a new passphrase', currentPassword: 'wrong one' })).toMatchObject({ status: 403 });
    const longPassphrase = 'a long passphrase with many words: '.repeat(7);
    expect(await login(ann, { name: 'AnnL', password: longPassphrase, currentPassword: 'correct horse' })).toMatchObject({
      status: 200,
      body: { login: 'AnnL' },
    });
    expect((await post('/sign-in', { name: 'annl', password: longPassphrase })).status).toBe(200);
    expect((await post('/sign-in', { name: 'Ann_Li', password: 'correct horse' })).status).toBe(401);
    expect(await post(`/players/${ann.playerId}/account`, { secret: ann.secret })).toMatchObject({
      status: 200,
      body: { login: 'AnnL', passkeys: [] },
    });
  });

  test('sign-in gives this device a secret of its own; an unknown name and a wrong password get the same answer', async () => {
    const ann = await guest('Ann');
    await call('PUT', `/players/${ann.playerId}/login`, { secret: ann.secret, name: 'ann.sign', password: 'password one' });
    const signedIn = await post<SignedIn>(
      '/sign-in',
      { name: 'ANN.SIGN', password: 'password one' },
      { headers: { 'user-agent': PHONE_UA } },
    );
    expect(signedIn).toMatchObject({ status: 200, body: { playerId: ann.playerId, nickname: 'Ann' } });
    expect(signedIn.body.secret).not.toBe(ann.secret);
    expect((await devicesOf(signedIn.body)).body.map((d) => d.name)).toEqual(['Linux · Firefox', 'Android (Pixel 8) · Chrome']);
    const wrong = await post('/sign-in', { name: 'ann.sign', password: 'password two' });
    const unknown = await post('/sign-in', { name: 'nobody.here', password: 'password one' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: { code: 'ERR_BAD_CREDENTIALS', message: 'no player has this login name and password' } });
    // And the same work: one scrypt each, at the same cost.
    const scrypts = jest.spyOn(crypto, 'scrypt');
    const costs = async (name: string) => {
      scrypts.mockClear();
      await post('/sign-in', { name, password: 'password two' });
      return scrypts.mock.calls.map((call) => call[3]);
    };
    const [forWrong, forUnknown] = [await costs('ann.sign'), await costs('nobody.else')];
    expect(forWrong).toHaveLength(1);
    expect(forUnknown).toEqual(forWrong);
    scrypts.mockRestore();
    expect(await post('/sign-in', { name: 'ann.sign' })).toMatchObject({ status: 400, body: { error: { code: 'ERR_BAD_REQUEST' } } });
  });

  test('brute force meets 429 with Retry-After: per name and address, a higher ceiling per name a minute, and per address', async () => {
    const ann = await guest('Ann');
    await call('PUT', `/players/${ann.playerId}/login`, { secret: ann.secret, name: 'target', password: 'the real one' });
    // Per name and address: 4 failures an hour; then even the right password waits there, other names do not.
    const guesser = fresh();
    for (let i = 0; i < 4; i++)
      expect((await post('/sign-in', { name: 'target', password: `guess ${i}!` }, { from: guesser })).status).toBe(401);
    await expectTooMany(await post('/sign-in', { name: 'Target', password: 'the real one' }, { from: guesser }));
    expect((await post('/sign-in', { name: 'someone.else', password: 'whatever it is' }, { from: guesser })).status).toBe(401);
    // The owner, from their own address, is not locked out by the guesser.
    expect((await post('/sign-in', { name: 'target', password: 'the real one' })).status).toBe(200);
    // Over every address, 8 failures a minute at one name: then the name waits out the minute, no longer.
    for (let i = 0; i < 4; i++) expect((await post('/sign-in', { name: 'target', password: `guess ${i}!` })).status).toBe(401);
    const ceiling = await post('/sign-in', { name: 'target', password: 'the real one' });
    await expectTooMany(ceiling);
    expect(Number(ceiling.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Unknown names count the same.
    const ghostly = fresh();
    for (let i = 0; i < 4; i++) await post('/sign-in', { name: 'ghost', password: `guess ${i}!` }, { from: ghostly });
    await expectTooMany(await post('/sign-in', { name: 'ghost', password: 'another guess' }, { from: ghostly }));
    // Per address: 6 sign-ins a minute, whatever the names.
    const from = fresh();
    for (let i = 0; i < 6; i++)
      expect((await post('/sign-in', { name: `name${i}`, password: 'whatever it is' }, { from })).status).toBe(401);
    await expectTooMany(await post('/sign-in', { name: 'name9', password: 'whatever it is' }, { from }));
  });
});

describe('devices and signing out', () => {
  test("each device is listed; the refusals: a wrong secret, a device that is not the player's", async () => {
    const ann = await guest('Ann');
    const phone = await linked(ann);
    const bob = await guest('Bob');
    const list = await devicesOf(ann);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: expect.any(String), name: 'Linux · Firefox', createdAt: expect.any(Number), lastSeenAt: expect.any(Number), current: true },
      {
        id: expect.any(String),
        name: 'Android (Pixel 8) · Chrome',
        createdAt: expect.any(Number),
        lastSeenAt: expect.any(Number),
        current: false,
      },
    ]);
    expect(await devicesOf({ playerId: ann.playerId, secret: bob.secret })).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    expect(await post(`/players/${ann.playerId}/account`, { secret: bob.secret })).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    const phoneId = list.body[1]!.id;
    expect(await post(`/players/${bob.playerId}/devices/${phoneId}/sign-out`, { secret: bob.secret })).toMatchObject({
      status: 404,
      body: { error: { code: 'ERR_NO_DEVICE' } },
    });
    expect(await post(`/players/${ann.playerId}/devices/${phoneId}/sign-out`, { secret: 'wrong' })).toMatchObject({ status: 401 });
    expect((await devicesOf(phone)).status).toBe(200);
  });

  test("a signed-out device's secret stops working at once over HTTP; the player and the other devices are untouched", async () => {
    const ann = await guest('Ann');
    const phone = await linked(ann);
    const phoneId = (await devicesOf(ann)).body[1]!.id;
    expect(await post(`/players/${ann.playerId}/devices/${phoneId}/sign-out`, { secret: ann.secret })).toMatchObject({
      status: 200,
      body: { signedOut: [phoneId] },
    });
    expect(await devicesOf(phone)).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    expect(await post('/tables/mine', credentials(phone as Guest))).toMatchObject({ status: 401 });
    expect(await call('PUT', `/players/${ann.playerId}/nickname`, { secret: phone.secret, nickname: 'Hacked' })).toMatchObject({
      status: 401,
    });
    expect((await devicesOf(ann)).body).toHaveLength(1);
    expect(await post(`/players/${ann.playerId}/devices/${phoneId}/sign-out`, { secret: ann.secret })).toMatchObject({ status: 404 });
  });

  test('"sign out everywhere else" keeps only the asking device; a device may sign itself out', async () => {
    const ann = await guest('Ann');
    const [phone, tablet] = [await linked(ann), await linked(ann)];
    const others = await post(`/players/${ann.playerId}/sign-out-others`, { secret: phone.secret });
    expect(others.status).toBe(200);
    expect(others.body.signedOut).toHaveLength(2);
    expect((await devicesOf(ann)).status).toBe(401);
    expect((await devicesOf(tablet)).status).toBe(401);
    expect((await devicesOf(phone)).body.map((d) => d.current)).toEqual([true]);
    expect((await post(`/players/${ann.playerId}/sign-out-others`, { secret: 'wrong' })).status).toBe(401);
    const own = (await devicesOf(phone)).body[0]!.id;
    expect((await post(`/players/${ann.playerId}/devices/${own}/sign-out`, { secret: phone.secret })).status).toBe(200);
    expect((await devicesOf(phone)).status).toBe(401);
    // The player stays, with no device left: a login or a link from nowhere brings it back; nothing was deleted.
    expect((await fetch(`${t.baseUrl}/api/players/${ann.playerId}`)).status).toBe(200);
  });
});

describe('passkeys', () => {
  const site = () => `localhost:${new URL(t.baseUrl).port}`;
  const on = (extra: Record<string, string> = {}) => ({ headers: { host: site(), ...extra } });

  test('added by a signed-in player, then used to sign in on another device; refusals say why and change nothing', async () => {
    const ann = await guest('Ann');
    const key = new SoftAuthenticator(`http://${site()}`);
    expect(await post(`/players/${ann.playerId}/passkeys/options`, { secret: 'wrong' }, on())).toMatchObject({ status: 401 });
    // WebAuthn needs a domain: the site opened by its address cannot have passkeys.
    expect(await post(`/players/${ann.playerId}/passkeys/options`, { secret: ann.secret })).toMatchObject({
      status: 400,
      body: { error: { code: 'ERR_PASSKEY_FAILED' } },
    });

    expect(await post('/passkeys/sign-in/options', {})).toMatchObject({ status: 400, body: { error: { code: 'ERR_PASSKEY_FAILED' } } });
    expect(await post('/passkeys/sign-in', { ticket: 'x', response: {} })).toMatchObject({ status: 400 });
    expect(await post(`/players/${ann.playerId}/passkeys`, { secret: 'wrong', ticket: 'x', response: {} }, on())).toMatchObject({
      status: 401,
    });
    expect(await post(`/players/${ann.playerId}/passkeys/k/remove`, { secret: 'wrong' })).toMatchObject({ status: 401 });
    const options = await post(`/players/${ann.playerId}/passkeys/options`, { secret: ann.secret }, on());
    expect(options).toMatchObject({
      status: 200,
      body: { ticket: expect.any(String), options: { rp: { id: 'localhost' }, challenge: expect.any(String) } },
    });
    const answer = key.register(options.body.options);
    // The answer must come back with its own ticket, from the same player.
    const bob = await guest('Bob');
    expect(
      await post(`/players/${bob.playerId}/passkeys`, { secret: bob.secret, ticket: options.body.ticket, response: answer }, on()),
    ).toMatchObject({ status: 400 });
    const again = await post(`/players/${ann.playerId}/passkeys/options`, { secret: ann.secret }, on());
    const added = await post(
      `/players/${ann.playerId}/passkeys`,
      { secret: ann.secret, ticket: again.body.ticket, response: key.register(again.body.options) },
      on({ 'user-agent': PHONE_UA }),
    );
    expect(added).toMatchObject({
      status: 201,
      body: { id: key.credentialId.toString('base64url'), name: 'Android (Pixel 8) · Chrome', lastUsedAt: null },
    });
    // A ticket is used once.
    expect(
      (await post(`/players/${ann.playerId}/passkeys`, { secret: ann.secret, ticket: again.body.ticket, response: answer }, on())).status,
    ).toBe(400);
    expect((await post(`/players/${ann.playerId}/account`, { secret: ann.secret })).body.passkeys).toHaveLength(1);

    const challenge = await post('/passkeys/sign-in/options', {}, on());
    expect(challenge).toMatchObject({
      status: 200,
      body: { ticket: expect.any(String), options: { rpId: 'localhost', challenge: expect.any(String) } },
    });
    const signature = key.signIn(challenge.body.options);
    const signedIn = await post<SignedIn>(
      '/passkeys/sign-in',
      { ticket: challenge.body.ticket, response: signature },
      on({ 'user-agent': PHONE_UA }),
    );
    expect(signedIn).toMatchObject({ status: 200, body: { playerId: ann.playerId, nickname: 'Ann' } });
    expect((await devicesOf(signedIn.body)).body).toHaveLength(2);
    // Replayed, or signed for another challenge, it is refused.
    expect(await post('/passkeys/sign-in', { ticket: challenge.body.ticket, response: signature }, on())).toMatchObject({
      status: 401,
      body: { error: { code: 'ERR_PASSKEY_FAILED' } },
    });
    const other = await post('/passkeys/sign-in/options', {}, on());
    expect((await post('/passkeys/sign-in', { ticket: other.body.ticket, response: signature }, on())).status).toBe(401);
    // Another site's name (a forged Host) cannot use it.
    const elsewhere = await post('/passkeys/sign-in/options', {}, { headers: { host: 'evil.example' } });
    expect(
      (
        await post(
          '/passkeys/sign-in',
          { ticket: elsewhere.body.ticket, response: key.signIn(elsewhere.body.options) },
          { headers: { host: 'evil.example' } },
        )
      ).status,
    ).toBe(401);

    const keyId = added.body.id as string;
    expect(await post(`/players/${bob.playerId}/passkeys/${keyId}/remove`, { secret: bob.secret })).toMatchObject({
      status: 404,
      body: { error: { code: 'ERR_NO_PASSKEY' } },
    });
    expect(await post(`/players/${ann.playerId}/passkeys/${keyId}/remove`, { secret: ann.secret })).toMatchObject({
      status: 200,
      body: { removed: keyId },
    });
    const removed = await post('/passkeys/sign-in/options', {}, on());
    expect(
      (await post('/passkeys/sign-in', { ticket: removed.body.ticket, response: key.signIn(removed.body.options) }, on())).status,
    ).toBe(401);
  });
});

describe('logs', () => {
  test('no secret, password, link code or passkey material is ever logged', async () => {
    expectNoSecretsLogged(t.logs.raw);
  });
});
