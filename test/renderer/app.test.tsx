// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { doneJob, job, quotaInfo, REMOTE_SERVICE, statusOf, stubBridge } from './stub-bridge';
import { renderApp } from './render-app';
import { jobMessage } from '../../common/job-messages';

afterEach(() => {
  cleanup();
});

function bodyRows(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('#job-table .tbody [role="row"][data-job-id]')];
}

describe('the job table', () => {
  it('holds 100,000 rows with only the visible ones in the DOM', async () => {
    const jobs = Array.from({ length: 100_000 }, (_, i) => job(i + 1));
    const { store } = await renderApp(stubBridge(jobs));
    const grid = screen.getByRole('grid', { name: 'Photos' });
    expect(grid.getAttribute('aria-rowcount')).toBe('100001');
    await waitFor(() => {
      expect(bodyRows().length).toBeGreaterThan(10);
    });
    expect(bodyRows().length).toBeLessThan(80);
    // The spacer is as tall as the whole list; rows sit at fixed heights.
    expect(grid.querySelector<HTMLElement>('.tbody')?.style.height).toBe(
      `${String(100_000 * 34)}px`,
    );
    grid.focus();
    fireEvent.keyDown(grid, { key: 'End' });
    await waitFor(() => {
      expect(store.getState().selectedId).toBe(100_000);
    });
    store.getState().stop();
  });

  it('keeps up with 1,000 changed rows a second without moving a row', async () => {
    const jobs = Array.from({ length: 5000 }, (_, i) => job(i + 1));
    const bridge = stubBridge(jobs);
    const { store } = await renderApp(bridge);
    await waitFor(() => {
      expect(bodyRows().length).toBeGreaterThan(10);
    });
    const tops = new Map(bodyRows().map((r) => [r.dataset.jobId, r.style.top]));
    // Ten pushes of 100 rows each: what the shell sends in one second at most.
    for (let push = 0; push < 10; push++) {
      const changed = Array.from({ length: 100 }, (_, i) => {
        const id = push * 100 + i + 1;
        const next = doneJob(id, `${String(id)}.5`);
        bridge.jobs[id - 1] = next;
        return next;
      });
      act(() => {
        bridge.emit({ jobs: changed, status: statusOf(bridge.jobs) });
      });
    }
    expect(within(screen.getByTestId('count-done')).getByText('1,000')).toBeTruthy();
    for (const row of bodyRows()) {
      expect(row.dataset.state).toBe('done');
      expect(row.style.top).toBe(tops.get(row.dataset.jobId));
      expect(row.querySelector('[data-testid="cell-reading"]')?.textContent).toBe(
        `${String(row.dataset.jobId)}.5`,
      );
    }
    expect(bodyRows().length).toBeLessThan(80);
    store.getState().stop();
  });
});

describe('keyboard review', () => {
  it('moves with J, corrects with E (validated), accepts with A', async () => {
    const jobs = [1, 2, 3].map((id) =>
      doneJob(id, `0000${String(id)}.1`, {
        toReview: true,
        resultSource: 'cached_stale',
        isLatestAiVersion: false,
      }),
    );
    const bridge = stubBridge(jobs);
    const { store } = await renderApp(bridge);
    const user = userEvent.setup();
    await user.keyboard('j');
    await screen.findByTestId('review-box');
    expect(screen.getByTestId('review-box').textContent).toContain('historical result');
    await user.keyboard('e');
    const input = screen.getByTestId('correct-input');
    expect(document.activeElement).toBe(input);
    await user.type(input, '1.25,5{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('thousands separators');
    expect(bridge.calls.some((c) => c.channel === 'review')).toBe(false);
    await user.clear(input);
    await user.type(input, '125,5{Enter}');
    await waitFor(() => {
      expect(store.getState().selectedId).toBe(2);
    });
    expect(bridge.jobs[0]?.reviewedReading).toBe('125.5');
    await waitFor(() => {
      expect(store.getState().detail?.job.id).toBe(2);
    });
    await user.keyboard('a');
    await waitFor(() => {
      expect(bridge.jobs[1]?.reviewAction).toBe('accepted');
    });
    store.getState().stop();
  });
});

describe('banners and reports', () => {
  it('counts down to the next try while offline and retries on request', async () => {
    const jobs = [job(1), job(2)];
    const bridge = stubBridge(jobs, {
      status: statusOf(jobs, {
        holds: {
          offline: {
            since: new Date().toISOString(),
            code: 'ECONNREFUSED',
            nextProbeAt: Date.now() + 30_000,
          },
          quota: null,
          auth: null,
          settings: null,
          service: null,
        },
      }),
    });
    const { store } = await renderApp(bridge);
    const banner = screen.getByTestId('banner-offline');
    // Why, worded from the hold's code (the engine's own English reason stays in its log).
    expect(within(banner).getByTestId('banner-detail').textContent).toBe(
      'Nothing answers at the service’s address.',
    );
    expect(within(banner).getByTestId('next-retry').textContent).toMatch(/Next try in (29|30) s/);
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Retry now' }));
    expect(bridge.calls.some((c) => c.channel === 'retryNow')).toBe(true);
    store.getState().stop();
  });

  it('shows what a drop added, with reasons and a quota warning', async () => {
    // The quota as the engine last read it and pushed it, with the ten photos queued; the
    // window asks for none itself.
    const queued = Array.from({ length: 10 }, (_, i) => job(i + 1));
    const bridge = stubBridge([job(1)], {
      status: statusOf(queued, { quota: quotaInfo({ remaining: 4, used: 496 }) }),
    });
    Object.assign(bridge, {
      addDroppedFiles: (files: readonly { name: string }[]) => {
        bridge.calls.push({ channel: 'addDroppedFiles', request: files.map((f) => f.name) });
        return Promise.resolve({
          ok: true,
          value: {
            queued: 9,
            reused: 1,
            known: 3,
            rejected: 2,
            rejectedByKind: { empty_file: 1, too_large: 1 },
            rejectedReasons: [{ kind: 'empty_file', reason: jobMessage('emptyFile', {}), n: 1 }],
            missing: [],
            rootIds: [1],
          },
        });
      },
    });
    const { store } = await renderApp(bridge);
    const file = new File([], 'Route 12');
    act(() => {
      fireEvent.dragEnter(window, { dataTransfer: { types: ['Files'], files: [file] } });
    });
    expect(screen.getByText('Drop to add these photos')).toBeTruthy();
    await act(async () => {
      fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [file] } });
      await Promise.resolve();
    });
    const report = await screen.findByTestId('add-report');
    expect(bridge.calls.find((c) => c.channel === 'addDroppedFiles')?.request).toEqual([
      'Route 12',
    ]);
    expect(report.textContent).toContain('10 new photos found');
    expect(report.textContent).toContain('2 files not sent:');
    expect(report.textContent).toContain('The file is empty (0 bytes) (1)');
    expect(report.textContent).toContain('Larger than 20 MB (1)');
    expect(report.textContent).toContain('3 photos were already in the list');
    expect(screen.getByTestId('add-quota-warning').textContent).toContain('5 photos will wait');
    expect(screen.queryByText('Drop to add these photos')).toBeNull();
    // The quota is reset (a new day): the warning made at the drop goes, as the widget's does.
    act(() => {
      store.setState({ status: statusOf(queued, { quota: quotaInfo({ remaining: 500 }) }) });
    });
    expect(screen.queryByTestId('add-quota-warning')).toBeNull();
    store.getState().stop();
  });
});

describe('export and settings', () => {
  it('exports one folder with semicolons and a BOM, then offers to show the file', async () => {
    const bridge = stubBridge([doneJob(1, '1')]);
    Object.assign(bridge, {
      exportCsv: (request: unknown) => {
        bridge.calls.push({ channel: 'exportCsv', request });
        return Promise.resolve({
          ok: true,
          value: { canceled: false, path: '/tmp/out.csv', rows: 1 },
        });
      },
    });
    const { store } = await renderApp(bridge);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Export/ }));
    const dialog = screen.getByRole('dialog', { name: 'Export readings to CSV' });
    await user.click(within(dialog).getByRole('radio', { name: /One folder/ }));
    await user.click(within(dialog).getByLabelText(/Semicolon separated/));
    await user.click(within(dialog).getByTestId('export-run'));
    expect(bridge.calls.find((c) => c.channel === 'exportCsv')?.request).toEqual({
      selection: { rootId: 1 },
      bom: true,
      delimiter: ';',
    });
    const notice = await screen.findByText(/Exported 1 reading to \/tmp\/out.csv/);
    await user.click(
      within(notice.parentElement ?? document.body).getByRole('button', { name: 'Show file' }),
    );
    expect(bridge.calls.find((c) => c.channel === 'openFileLocation')?.request).toEqual({
      path: '/tmp/out.csv',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    store.getState().stop();
  });

  it('shows where the key is and how it ends, never the key', async () => {
    const bridge = stubBridge([job(1)], { service: REMOTE_SERVICE });
    const { store } = await renderApp(bridge);
    await userEvent.setup().click(screen.getByRole('button', { name: /Settings/ }));
    expect(screen.getByTestId('key-status').textContent).toBe(
      ' API key saved in the Secret Service keyring, ends in …1234.',
    );
    const keyField = screen.getByTestId<HTMLInputElement>('api-key');
    expect(keyField.type).toBe('password');
    expect(keyField.value).toBe('');
    store.getState().stop();
  });
});
