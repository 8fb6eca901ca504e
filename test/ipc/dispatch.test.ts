// The dispatcher's own promises, with handlers that misbehave on purpose: it never throws, expected
// failures keep their code and wording, anything else becomes `internal` without a stack or a key,
// whether it was thrown on the answering side (a result crosses) or in main's own code.
import { describe, expect, it } from 'vitest';
import type { Handlers, WindowCalls } from '../../common/ipc/bridge';
import { APP_PAGE_URL, CHANNEL_NAMES } from '../../common/ipc/channels';
import { CONTRACT } from '../../common/ipc/contract';
import { answering, errorReporter } from '../../main/ipc/answer';
import { replyMessage } from '../../common/reply-messages';
import { AppError } from '../../main/ipc/app-error';
import { createDispatcher } from '../../main/ipc/dispatch';
import { isTrustedSender } from '../../main/ipc/sender';

const KEY = 'md_live_secret_key_do_not_leak_4242';
const SENDER = { webContentsId: 3, frameUrl: APP_PAGE_URL, isMainFrame: true };
const redact = (text: string): string => text.split(KEY).join('[redacted]');

/** Every channel does `behave` on the answering side; the dispatcher does not care what they are. */
function answeredBy(behave: () => Promise<unknown>, logged: string[]): WindowCalls {
  const handlers = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [name, behave]),
  ) as unknown as Handlers;
  return answering(CONTRACT, handlers, {
    report: errorReporter(redact, (line) => logged.push(line)),
    who: 'The test backend',
  });
}

/** Every channel does `behave` in main's own code (it may throw there too). */
function mainThat(behave: () => Promise<unknown>): WindowCalls {
  return Object.fromEntries(
    CHANNEL_NAMES.map((name) => [name, async () => ({ ok: true, value: await behave() })]),
  ) as unknown as WindowCalls;
}

function dispatcherWith(behave: () => Promise<unknown>, logged: string[] = [], inMain = false) {
  return createDispatcher({
    calls: inMain ? mainThat(behave) : answeredBy(behave, logged),
    trusted: () => ({ webContentsId: 3, pageUrl: APP_PAGE_URL }),
    redact,
    log: (line) => logged.push(line),
  });
}

describe('dispatch', () => {
  it('passes a handler value through as {ok: true, value}', async () => {
    const d = dispatcherWith(() => Promise.resolve({ answer: 42 }));
    expect(await d.dispatch('getSettings', SENDER, {})).toEqual({
      ok: true,
      value: { answer: 42 },
    });
  });

  it('keeps the code and message of an expected failure', async () => {
    const d = dispatcherWith(() =>
      Promise.reject(new AppError('key_rejected', replyMessage('serviceRefusedKey', {}))),
    );
    expect(await d.dispatch('getSettings', SENDER, {})).toEqual({
      ok: false,
      error: {
        code: 'key_rejected',
        message: expect.stringContaining('The service refused this API key') as unknown,
        said: { code: 'serviceRefusedKey', params: {} },
      },
    });
  });

  it.each([
    ['on the answering side', false],
    ["in main's own code", true],
  ])(
    'turns anything else thrown %s into `internal`: no stack, no key, logged redacted',
    async (_, inMain) => {
      const logged: string[] = [];
      const boom = new TypeError(`cannot read property of undefined while using ${KEY}`);
      const d = dispatcherWith(() => Promise.reject(boom), logged, inMain);
      const result = await d.dispatch('snapshot', SENDER, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
      const text = JSON.stringify(result);
      expect(text).not.toContain(KEY);
      expect(text).not.toMatch(/\bat .+:\d+:\d+/);
      expect(text).toContain('[redacted]');
      expect(logged.join('\n')).not.toContain(KEY);
    },
  );

  it('redacts the message of a failure that crossed as a result', async () => {
    const d = dispatcherWith(() =>
      Promise.reject(
        new AppError('unreachable', replyMessage('cannotReach', { origin: 'o', detail: KEY })),
      ),
    );
    expect(await d.dispatch('snapshot', SENDER, {})).toEqual({
      ok: false,
      error: {
        code: 'unreachable',
        message:
          'Cannot reach o: [redacted] Check the address, the network and any proxy or firewall.',
        said: { code: 'cannotReach', params: { origin: 'o', detail: '[redacted]' } },
      },
    });
  });

  it('survives throws of non-errors and never rejects', async () => {
    for (const thrown of [undefined, null, 'a string', 42, { weird: true }]) {
      for (const inMain of [false, true]) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the point here
        const d = dispatcherWith(() => Promise.reject(thrown), [], inMain);
        for (const channel of CHANNEL_NAMES) {
          const payload = channel === 'addPaths' ? { paths: ['/tmp'] } : {};
          const result = await d.dispatch(channel, SENDER, payload);
          expect(result.ok).toBe(false);
        }
      }
    }
  });

  it('clips very long unexpected messages', async () => {
    const d = dispatcherWith(() => Promise.reject(new Error('y'.repeat(10_000))));
    const result = await d.dispatch('snapshot', SENDER, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeLessThan(300);
  });
});

describe('isTrustedSender', () => {
  const trusted = { webContentsId: 3, pageUrl: APP_PAGE_URL };

  it('accepts the window page, with or without query and fragment', () => {
    expect(isTrustedSender(SENDER, trusted)).toBe(true);
    expect(isTrustedSender({ ...SENDER, frameUrl: `${APP_PAGE_URL}?a=1#b` }, trusted)).toBe(true);
  });

  it('refuses when there is no window yet', () => {
    expect(isTrustedSender(SENDER, { ...trusted, webContentsId: null })).toBe(false);
  });

  it.each([
    'meterdesk-app://app/index.html/..%2F..%2Fetc',
    'meterdesk-app://user:pw@app/index.html',
    'meterdesk-app://app:8080/index.html',
    'MeterDesk-App://APP/INDEX.HTML',
    'not a url',
    'about:blank',
    'devtools://devtools/bundled/index.html',
  ])('refuses %s', (frameUrl) => {
    expect(isTrustedSender({ ...SENDER, frameUrl }, trusted)).toBe(false);
  });
});
