import { PUSH_SERVICES } from '../../src/config';
import { pushTargetAllowed } from '../../src/push/pushTargets';

describe('where pushes may be posted', () => {
  test.each([
    ['https://fcm.googleapis.com/fcm/send/abc:def', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAA', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=x', true],
    ['https://web.push.apple.com/QGx', true],
    ['https://FCM.GOOGLEAPIS.COM/fcm/send/x', true],
    ['http://fcm.googleapis.com/fcm/send/x', false], // not over https
    ['https://fcm.googleapis.com:8443/fcm/send/x', false], // another port
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilfcm.googleapis.com.example/x', false],
    ['https://notfcm.googleapis.com/x', false], // a sibling, not a subdomain
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://127.0.0.1/push', false],
    ['http://localhost:6379/', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s: %p', (endpoint, allowed) => {
    expect(pushTargetAllowed(endpoint, PUSH_SERVICES)).toBe(allowed);
  });

  test('an origin named exactly (a test push service) is allowed as itself only', () => {
    const services = ['http://127.0.0.1:9000'];
    expect(pushTargetAllowed('http://127.0.0.1:9000/push/1', services)).toBe(true);
    expect(pushTargetAllowed('http://127.0.0.1:9001/push/1', services)).toBe(false);
    expect(pushTargetAllowed('https://127.0.0.1:9000/push/1', services)).toBe(false);
  });
});
