// @vitest-environment happy-dom
// A refused call in the window: worded from its code (IpcError.said) in the window's language,
// English or German, in a notice, in the review box and over the table; the reply's English
// `message` (the log's words) is never shown.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcError } from '../../common/ipc/result';
import { replyMessage, type ReplyMessage } from '../../common/reply-messages';
import { doneJob, stubBridge, type StubBridge } from './stub-bridge';
import { renderApp } from './render-app';

afterEach(cleanup);

/** The log's words: a window that shows them shows English whatever its language. */
const LOG_ENGLISH = 'LOG ENGLISH';

function refusal(code: IpcError['code'], said: ReplyMessage) {
  return { ok: false, error: { code, message: LOG_ENGLISH, said } } as const;
}

/** The stub bridge, with one call refused as the backend refuses it. */
function refusing(channel: 'review' | 'queryJobs', reply: ReturnType<typeof refusal>): StubBridge {
  const base = stubBridge([doneJob(1, '00001.1', { toReview: true })]);
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === channel) return () => Promise.resolve(reply);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

const GONE = refusal('not_found', replyMessage('photoGone', {}));

describe('a refused call, worded from its code', () => {
  it.each([
    ['de', 'Dieser Eintrag ist nicht mehr vorhanden: Dieses Foto ist nicht mehr in der Liste.'],
    ['en', 'That item is no longer there: This photo is no longer in the list.'],
  ] as const)('in %s: the notice of an accept made with A, from the code', async (lang, said) => {
    const { store } = await renderApp(refusing('review', GONE), lang);
    const user = userEvent.setup();
    await user.keyboard('j');
    await screen.findByTestId('review-box');
    await user.keyboard('a');
    const notice = await screen.findByTestId('notice');
    expect(notice.textContent).toContain(said);
    expect(document.body.textContent).not.toContain(LOG_ENGLISH);
    store.getState().stop();
  });

  it('in German: over the table, when the queue is held by a command', async () => {
    const held = refusal(
      'unavailable',
      replyMessage('queueOwned', {
        action: 'retry',
        owner: 'meter-desk run',
        pid: 4242,
        host: '',
        since: '04:00',
      }),
    );
    const { store } = await renderApp(refusing('queryJobs', held), 'de');
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        'MeterDesk ist beschäftigt oder startet neu: Jetzt nicht möglich: Erneut versuchen. ' +
          'Diese Warteschlange wird von meter-desk run verwendet (Prozess 4242, seit 04:00). ' +
          'Schließen Sie es oder warten Sie, bis es fertig ist, und versuchen Sie es dann erneut.',
      );
    });
    expect(document.body.textContent).not.toContain(LOG_ENGLISH);
    store.getState().stop();
  });
});
