// @vitest-environment happy-dom
// The export dialogs' shared parts (issue 29, item 5): each question is a ChoiceFieldset of its own
// (choosing in one never unchecks another), and a refused export is said under the body by
// useActionError in the window's language, the dialog kept open for another try.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import type { IpcError } from '../../common/ipc/result';
import { replyMessage } from '../../common/reply-messages';
import { renderApp } from './render-app';
import { doneJob, stubBridge } from './stub-bridge';

afterEach(cleanup);

/** The log's words: a window that shows them shows English whatever its language. */
const LOG_ENGLISH = 'LOG ENGLISH';

const GONE = {
  ok: false,
  error: {
    code: 'not_found' as IpcError['code'],
    message: LOG_ENGLISH,
    said: replyMessage('photoGone', {}),
  },
} as const;

it.each([
  ['en', /Export/, 'Export readings to CSV', 'That item is no longer there'],
  [
    'de',
    /Exportieren/,
    'Zählerstände als CSV exportieren',
    'Dieser Eintrag ist nicht mehr vorhanden',
  ],
] as const)(
  'in %s: a refused export is said in the dialog, which stays for another try',
  async (lang, button, title, said) => {
    const bridge = stubBridge([doneJob(1, '1')]);
    const replies: unknown[] = [
      GONE,
      { ok: true, value: { canceled: false, path: '/tmp/out.csv', rows: 1 } },
    ];
    Object.assign(bridge, {
      exportCsv: (request: unknown) => {
        bridge.calls.push({ channel: 'exportCsv', request });
        return Promise.resolve(replies.shift());
      },
    });
    const { store } = await renderApp(bridge, lang);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: button }));
    const dialog = screen.getByRole('dialog', { name: title });
    const radios = within(dialog).getAllByRole<HTMLInputElement>('radio');
    // Two questions, two groups: which photos (3 choices) and the delimiter (2).
    expect(new Set(radios.map((r) => r.name)).size).toBe(2);
    await user.click(radios[2] as HTMLInputElement);
    await user.click(radios[4] as HTMLInputElement);
    expect(radios.map((r) => r.checked)).toEqual([false, false, true, false, true]);

    await user.click(within(dialog).getByTestId('export-run'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(said);
    expect(document.body.textContent).not.toContain(LOG_ENGLISH);

    await user.click(within(dialog).getByTestId('export-run'));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(bridge.calls.filter((c) => c.channel === 'exportCsv').map((c) => c.request)).toEqual([
      { selection: { rootId: 1 }, bom: true, delimiter: ';' },
      { selection: { rootId: 1 }, bom: true, delimiter: ';' },
    ]);
    store.getState().stop();
  },
);
