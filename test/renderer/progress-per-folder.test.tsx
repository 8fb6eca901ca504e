// @vitest-environment happy-dom
// Progress per drop (issue 22, item 7): with a folder chosen in the folder list, the progress
// panel's bar and counts are that folder's (from the roots' counts the contract carries), named,
// and without the queue's ETA; "All folders" shows the whole queue again.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StateCounts } from '../../common/job-record';
import { renderApp } from './render-app';
import { countsOf, doneJob, job, stubBridge } from './stub-bridge';

afterEach(cleanup);

const digits = (id: string): string => screen.getByTestId(id).textContent.replace(/\D/g, '');

describe('progress per folder', () => {
  it('shows the chosen folder’s own progress', async () => {
    const jobs = [doneJob(1, '00001.5'), doneJob(2, '00002.5'), job(3), job(4), job(5)];
    const { store } = await renderApp(stubBridge(jobs));
    const folder = (id: number, path: string, counts: StateCounts) => ({
      id,
      path,
      kind: 'folder' as const,
      addedAt: '',
      counts,
    });
    act(() => {
      store.setState({
        roots: [
          folder(1, '/srv/2026-11-26 Tour 1 Müller', countsOf(jobs.slice(0, 2))),
          folder(2, '/srv/2026-11-26 Tour 1 Schmidt', countsOf(jobs.slice(2))),
        ],
      });
    });
    expect(digits('count-done')).toBe('2');
    expect(digits('count-queued')).toBe('3');
    expect(screen.queryByTestId('progress-folder')).toBeNull();

    act(() => {
      store.setState((s) => ({ query: { ...s.query, rootId: 1 } }));
    });
    expect(screen.getByTestId('progress-folder').textContent).toBe(
      'Folder 2026-11-26 Tour 1 Müller',
    );
    expect(digits('count-done')).toBe('2');
    expect(digits('count-queued')).toBe('0');
    expect(screen.getByTestId('progress-pace').textContent).toBe(
      'All photos of this folder are finished.',
    );

    act(() => {
      store.setState((s) => ({ query: { ...s.query, rootId: 2 } }));
    });
    expect(digits('count-done')).toBe('0');
    expect(digits('count-queued')).toBe('3');
    expect(
      screen.getByRole('region', { name: 'Progress of 2026-11-26 Tour 1 Schmidt' }),
    ).toBeTruthy();
    store.getState().stop();
  });
});
