// @vitest-environment happy-dom
// The meter list (issue 22, item 8): a reading nobody looked at "passed checks", one a person
// confirmed or corrected is "confirmed by you" (never "read and confirmed" for both); the list is
// one Tab stop and the arrow keys go through its meters. A photo without a meter names its file
// once (issue 29: it was printed twice, overlapping).
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Confirmation } from '../../common/billing/billing-row';
import type { MeterRow } from '../../common/ipc';
import { MeterList } from '../../renderer/billing/meter-list';
import { renderWithStore } from './render-app';
import { meterRow } from './meter-rows';

afterEach(cleanup);

function confirmedRow(meterId: string, confirmation: Confirmation): MeterRow {
  const row = meterRow(meterId, 1, 'confirmed', 1);
  return { ...row, reading: '00012.5', aiReading: '00012.5', confirmation, plausibility: 'ok' };
}

async function showList(lang: 'en' | 'de') {
  const { store } = await renderWithStore(
    <>
      <MeterList />
      <button type="button">after the list</button>
    </>,
    { lang },
  );
  act(() => {
    store.setState({
      meterPage: {
        rows: [
          confirmedRow('A1', 'auto_accepted'),
          confirmedRow('A2', 'confirmed'),
          confirmedRow('A3', 'corrected'),
        ],
        total: 3,
      },
    });
  });
  return store;
}

async function shownStates(lang: 'en' | 'de'): Promise<string[]> {
  const store = await showList(lang);
  const rows = screen.getAllByTestId('meter-row');
  const states = rows.map((r) => r.querySelector('.tag')?.textContent ?? '');
  store.getState().stop();
  return states;
}

describe('the meter list', () => {
  it('says who confirmed a reading, in English and German', async () => {
    expect(await shownStates('en')).toEqual([
      'Passed checks',
      'Confirmed by you',
      'Confirmed by you',
    ]);
    cleanup();
    expect(await shownStates('de')).toEqual([
      'Prüfung bestanden',
      'Von Ihnen bestätigt',
      'Von Ihnen bestätigt',
    ]);
  });

  it('names a photo without a meter once', async () => {
    const store = await showList('en');
    const photo = 'IMG_20261126_081512.jpg';
    act(() => {
      store.setState({
        meterPage: {
          rows: [{ ...meterRow('', 0, 'unmatched', 7), meterId: null, sequence: null, photo }],
          total: 1,
        },
      });
    });
    const row = screen.getByTestId('meter-row');
    expect(row.textContent.split(photo).length).toBe(2);
    expect(row.textContent).toBe(`${photo}No meter–`);
    store.getState().stop();
  });

  it('is one Tab stop; the arrow keys, Home and End move through the meters', async () => {
    const store = await showList('en');
    const user = userEvent.setup();
    const rows = screen.getAllByTestId('meter-row');
    // The filters and the search come first; then the list, once.
    const stops: string[] = [];
    for (let i = 0; i < 12 && stops.at(-1) !== 'after the list'; i += 1) {
      await user.tab();
      stops.push(document.activeElement?.textContent ?? '');
    }
    expect(stops.filter((s) => s.includes('A1') || s.includes('A2') || s.includes('A3'))).toEqual([
      rows[0]?.textContent,
    ]);
    rows[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(rows[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rows[0]);
    await user.keyboard('{ArrowDown}{Tab}{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(rows[1]);
    store.getState().stop();
  });
});
