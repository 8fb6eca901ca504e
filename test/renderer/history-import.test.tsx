// @vitest-environment happy-dom
// What "Import history…" did, said in the window (issue 33, item 1): counts, the meters checked
// again, and each line not taken worded from its code, in English and German.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryImportView } from '../../common/ipc';
import { HistoryImportResult } from '../../renderer/billing/history-import';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { stubBridge } from './stub-bridge';

const IMPORTED: HistoryImportView = {
  lines: 120,
  added: 118,
  unchanged: 0,
  meters: 10,
  metersOnSheet: 9,
  problems: [
    { line: 7, code: 'bad_date', params: { text: '31.02.2026', why: 'no_such_day' } },
    { line: null, code: 'no_rows', params: {} },
  ],
  problemCount: 3,
};

function show(lang: 'en' | 'de'): HTMLElement {
  const store = createAppStore(stubBridge());
  store.setState({ historyImport: IMPORTED });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StoreProvider store={store}>
        <HistoryImportResult />
      </StoreProvider>
    </I18nextProvider>,
  );
  return screen.getByTestId('history-imported');
}

afterEach(cleanup);

describe('the history import result', () => {
  it('says what was imported and each line not taken', () => {
    const shown = show('en');
    expect(shown.textContent).toContain('120 lines read: 118 readings added, 0 already there.');
    expect(shown.textContent).toContain('10 meters named, 9 of them on a loaded route sheet');
    expect(screen.getByTestId('history-problems').textContent).toContain(
      'Line 7: The read date “31.02.2026” is not a date MeterDesk reads.',
    );
    expect(shown.textContent).toContain('… and 1 more');
  });

  it('is worded in German', () => {
    const shown = show('de');
    expect(shown.textContent).toContain('120 Zeilen gelesen: 118 Ablesungen hinzugefügt');
    expect(screen.getByTestId('history-problems').textContent).toContain(
      'Die Datei hat eine Kopfzeile, aber keine Ablesungen.',
    );
  });
});
