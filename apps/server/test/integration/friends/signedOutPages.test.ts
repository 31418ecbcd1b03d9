import { ACCOUNTS_CONFIG, accountsApi } from '../../support/accountsApi';
import { PageEvents } from '../../support/pageEvents';
import { type Guest, credentials, postJson, waitFor } from '../../support/players';
import { testServerPerFile } from '../../support/server';

/** A page's event stream belongs to its device: signed out, the stream ends at once and cannot be opened again. */
const t = testServerPerFile(ACCOUNTS_CONFIG);
const { guest, linked, devicesOf, post } = accountsApi(t);

test("a signed-out device's page stream is ended at once and refused after; the player's other pages go on", async () => {
  const ann = await guest('Ann');
  const phone = { ...(await linked(ann)) } as Guest;
  const onPhone = new PageEvents(t.baseUrl, credentials(phone));
  const onDesk = new PageEvents(t.baseUrl, credentials(ann));
  await waitFor(() => onPhone.friends !== null && onDesk.friends !== null, 'both pages');
  let ended = false;
  void onPhone.ended.then(() => (ended = true));

  const phoneId = (await devicesOf(ann)).body.find((d) => !d.current)!.id;
  await post(`/players/${ann.playerId}/devices/${phoneId}/sign-out`, { secret: ann.secret });
  await waitFor(() => ended, "the phone's stream to end", 2_000);
  expect((await postJson(t, '/api/me/events', credentials(phone))).status).toBe(401);
  expect((await postJson(t, '/api/friends', credentials(phone))).status).toBe(401);

  // The desk's page is still told: a friend request reaches it.
  const bob = await guest('Bob');
  await postJson(t, '/api/friends/requests', { ...credentials(bob), to: ann.playerId });
  await waitFor(() => onDesk.friends?.incoming.length === 1, "the desk's page to show the request");
  await onDesk.close();
});
