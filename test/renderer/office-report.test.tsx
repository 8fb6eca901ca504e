// @vitest-environment happy-dom
// The Office report screen against a stub bridge: opened from the header's Office card, it shows
// the four sections in the CLI's words, reads again when another desk's change is heard
// (AppEvent.officeChange) and for another day, and says why when the office is away. The real
// backend and office: test/office/office-report-window.slow.test.ts, e2e/office-report.slow.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeReportView } from '../../common/ipc';
import { ok } from '../../common/ipc';
import { OFFICE_DAY, OFFICE_DAY_CLERKS, OFFICE_DAY_ROUTE } from '../office/office-day-view';
import { renderApp } from './render-app';
import { CONNECTED_OFFICE, REMOTE_SERVICE, stubBridge, type StubBridge } from './stub-bridge';

const REPORT: OfficeReportView = {
  state: 'report',
  day: OFFICE_DAY,
  desk: 'anna@pc-7',
  host: 'db.office.example',
  database: 'meterdesk',
  routes: [OFFICE_DAY_ROUTE],
  clerks: OFFICE_DAY_CLERKS,
  readers: [
    { reader: 'north', photos: 3, skips: 1, rereads: 1, skipRate: 1 / 3, rereadRate: 1 / 3 },
  ],
  quota: { paid: 3, failed: 1 },
};

/** The app on a bridge whose officeReport answers `answer(day)`. */
async function openReport(
  answer: (day: string | undefined) => OfficeReportView,
): Promise<{ bridge: StubBridge; asked: (string | undefined)[] }> {
  const stub = stubBridge([], { service: REMOTE_SERVICE, office: CONNECTED_OFFICE });
  const asked: (string | undefined)[] = [];
  const officeReport: StubBridge['officeReport'] = (request) => {
    asked.push(request?.day);
    return Promise.resolve(ok(answer(request?.day)));
  };
  // The stub answers every other channel; this one answers the report the test gives.
  const bridge = new Proxy(stub, {
    get: (target, prop, receiver): unknown =>
      prop === 'officeReport' ? officeReport : Reflect.get(target, prop, receiver),
  });
  await renderApp(bridge);
  fireEvent.click(await screen.findByTestId('open-office-report'));
  await screen.findByTestId('office-report');
  return { bridge, asked };
}

const rowOf = (name: string): string[] =>
  [...(screen.getByText(name, { selector: 'th' }).closest('tr')?.children ?? [])].map(
    (c) => c.textContent,
  );

afterEach(cleanup);

describe('the Office report screen', () => {
  it('shows the four sections in the words of `office report`', async () => {
    await openReport(() => REPORT);
    await screen.findByText('Clerks on 2 Mar 2026');
    expect(screen.getByRole('heading', { name: 'Office report' })).toBeTruthy();
    const headers = [...screen.getByTestId('office-report-routes').querySelectorAll('thead th')];
    expect(headers.map((h) => h.textContent)).toEqual([
      'Route',
      'Meters',
      'Read',
      'Passed/confirmed',
      'Not checked',
      'Flagged',
      'Skipped',
      'Pending',
      'Missing',
    ]);
    expect(rowOf('R1')).toEqual(['R1', '4', '1', '1', '0', '0', '2', '0', '1']);
    expect(rowOf('Anna')).toEqual(['Anna', '3', '08:00', '09:30', '2.0']);
    expect(rowOf('Ben')).toEqual(['Ben', '1', '08:10', '08:10', '–']);
    expect(rowOf('north')).toEqual(['north', '3', '1', '33.3%', '1', '33.3%']);
    expect(screen.getByTestId('office-report-paid').textContent).toBe('3 paid readings');
    expect(screen.getByTestId('office-report-failed').textContent).toBe('1 failed attempt');
  });

  it('reads again when another desk’s change is heard, and for another day', async () => {
    const { bridge, asked } = await openReport((day) => ({ ...REPORT, day: day ?? REPORT.day }));
    await screen.findByText('Clerks on 2 Mar 2026');
    expect(asked).toEqual([undefined]);
    act(() => {
      bridge.emit({ officeChange: { meterNumbers: ['M1'], resync: false } });
    });
    await waitFor(() => {
      expect(asked).toHaveLength(2);
    });
    fireEvent.change(screen.getByTestId('office-report-day'), { target: { value: '2026-03-01' } });
    await screen.findByText('Clerks on 1 Mar 2026');
    expect(asked.at(-1)).toBe('2026-03-01');
  });

  it('says the office is not reachable, in the Test button’s words', async () => {
    await openReport((day) => ({
      state: 'problem',
      day: day ?? '2026-03-02',
      problem: 'unreachable',
      params: {
        host: 'db.office.example',
        port: 5432,
        database: 'meterdesk',
        user: 'desk_anna',
        found: 0,
        known: 0,
        detail: '',
      },
    }));
    const state = await screen.findByTestId('office-report-state');
    expect(state.textContent).toContain('Office not reachable');
    expect(state.textContent).toContain(
      'The server db.office.example does not answer on port 5432.',
    );
    expect(screen.getByTestId('office-report-export').hasAttribute('disabled')).toBe(true);
  });
});
