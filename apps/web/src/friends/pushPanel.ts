import { type NotificationKind, PUSH_KINDS, type PushSettings, type QuietHours } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { language, t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { type Credentials, failureOf } from '../online/netSession';
import { onlineName } from '../online/onlineName';
import { fill, h } from '../ui/dom';
import { pushApi } from './pushApi';

/** A sleep window's default, for a player who turns it on: 22:00 to 07:00 where they are. */
const NIGHT = { from: 22 * 60, to: 7 * 60 };

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (value: string) => {
  const [hours, minutes] = value.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** The browser can take Web Push here (a service worker, its push manager, notifications). */
const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's push manager: the one registered now, or (`wait`) once the built app's has started (none in development). */
async function pushManager(wait = false): Promise<PushManager | null> {
  const ready = wait
    ? Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((r) => setTimeout(r, 10_000))])
    : navigator.serviceWorker.getRegistration();
  return (await ready)?.pushManager ?? null;
}

/**
 * Notifications on this device (Web Push): on or off, which kinds, and the player's sleep window — notices
 * in it are held and sent as one summary when it ends. Whatever the browser cannot do is said.
 */
export function pushPanel(ctx: AppContext): { readonly el: HTMLElement; relabel(): void; dispose(): void } {
  const el = h('section', { class: 'card push-panel', data: { testid: 'push-panel' } });
  const said = h('p', { class: 'friends-said', role: 'status', data: { testid: 'push-said' } });
  let settings: PushSettings | null = null;
  let endpoint: string | null = null;
  let busy = false;

  const creds = async (): Promise<Credentials> => ctx.net.credentials() ?? (await ctx.net.guest(onlineName(ctx.prefs)));
  const act = async (work: (c: Credentials) => Promise<PushSettings | null>) => {
    busy = true;
    render();
    try {
      const answer = await work(await creds());
      if (answer) settings = answer;
      said.textContent = '';
    } catch (error) {
      said.textContent = errorMessage(failureOf(error).code);
    }
    busy = false;
    render();
  };

  const subscribe = (kinds: readonly NotificationKind[]) =>
    act(async (c) => {
      if ((await Notification.requestPermission()) !== 'granted') {
        said.textContent = t('push.denied');
        return null;
      }
      const manager = await pushManager(true);
      if (!manager) {
        said.textContent = t('push.unsupported');
        return null;
      }
      const key = (await pushApi.key(ctx.net)).key;
      const subscription =
        (await manager.getSubscription()) ?? (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      const lang = language();
      const answer = await pushApi.subscribe(ctx.net, c, { endpoint: json.endpoint, keys: json.keys }, kinds, lang);
      endpoint = json.endpoint;
      // The language this device's notices are now worded in, as the server has it.
      el.dataset.lang = lang;
      ctx.visible.wake();
      return answer;
    });

  const unsubscribe = () =>
    act(async (c) => {
      const subscription = await (await pushManager())?.getSubscription();
      await subscription?.unsubscribe();
      const answer = endpoint ? await pushApi.unsubscribe(ctx.net, c, endpoint) : null;
      endpoint = null;
      return answer ?? (settings && { ...settings, kinds: null });
    });

  // The sleep window is the player's; what this device takes stays as it was.
  const setQuiet = (quiet: QuietHours | null) =>
    act(async (c) => ({ ...(await pushApi.quiet(ctx.net, c, quiet)), kinds: settings?.kinds ?? null }));
  const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

  const render = () => {
    if (!canPush()) return fill(el, h('h2', { text: t('push.title') }), h('p', { class: 'muted', text: t('push.unsupported') }));
    const kinds = settings?.kinds ?? null;
    const on = kinds !== null;
    const kindBoxes = PUSH_KINDS.map((kind) => {
      const box = h('input', { type: 'checkbox', id: `push-kind-${kind}`, checked: kinds?.includes(kind) ?? false, disabled: busy });
      box.addEventListener('change', () => void subscribe(PUSH_KINDS.filter((k) => (k === kind ? box.checked : kinds?.includes(k)))));
      return h('label', { class: 'check', for: `push-kind-${kind}`, data: { testid: `push-kind-${kind}` } }, box, t(`push.kind.${kind}`));
    });
    const quiet = settings?.quiet ?? null;
    const quietBox = h('input', { type: 'checkbox', id: 'push-quiet', checked: quiet !== null, disabled: busy });
    const from = h('input', {
      type: 'time',
      value: clock(quiet?.from ?? NIGHT.from),
      disabled: busy || !quiet,
      aria: { label: t('push.quietFrom') },
    });
    const to = h('input', {
      type: 'time',
      value: clock(quiet?.to ?? NIGHT.to),
      disabled: busy || !quiet,
      aria: { label: t('push.quietTo') },
    });
    const chosen = () => ({ from: minuteOf(from.value), to: minuteOf(to.value), timeZone: timeZone() });
    quietBox.addEventListener('change', () => void setQuiet(quietBox.checked ? chosen() : null));
    for (const input of [from, to])
      input.addEventListener('change', () => quietBox.checked && from.value && to.value && void setQuiet(chosen()));
    fill(
      el,
      h('h2', { text: t('push.title') }),
      h('p', { class: 'muted', text: on ? t('push.onHere') : t('push.offHere') }),
      h('button', {
        type: 'button',
        class: on ? 'quiet' : 'primary',
        text: on ? t('push.turnOff') : t('push.turnOn'),
        disabled: busy,
        data: { testid: 'push-toggle' },
        on: { click: () => void (on ? unsubscribe() : subscribe(PUSH_KINDS)) },
      }),
      on ? h('div', { class: 'push-kinds' }, ...kindBoxes) : null,
      h('label', { class: 'check', for: 'push-quiet', data: { testid: 'push-quiet' } }, quietBox, t('push.quiet')),
      h('p', { class: 'row push-quiet-times' }, from, h('span', { text: '–' }), to),
      h('p', { class: 'hint', text: t('push.quietHint') }),
      said,
    );
  };

  // What this device takes, and the sleep window, as the server has them.
  const load = async () => {
    const c = ctx.net.credentials();
    if (!c || !canPush()) return;
    endpoint = (await (await pushManager())?.getSubscription())?.endpoint ?? null;
    settings = await pushApi.settings(ctx.net, c, endpoint ?? undefined);
    render();
  };
  render();
  void load().catch((error: unknown) => (said.textContent = errorMessage(failureOf(error).code)));
  return {
    el,
    // The device's notices are worded in the language of the page that subscribed it: a switch tells the server.
    relabel: () => {
      render();
      if (settings?.kinds && endpoint) void subscribe(settings.kinds);
    },
    dispose: () => undefined,
  };
}
