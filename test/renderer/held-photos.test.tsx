// @vitest-environment happy-dom
// Held photos in the main window (issue 29, item 6): a filter tab of their own, and a progress
// panel that says how many are held instead of "all photos are finished" (for the queue and for a
// folder whose every photo is held), nor while codes are still being read (issue 34).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderApp } from './render-app';
import { countsOf, doneJob, job, statusOf, stubBridge } from './stub-bridge';

afterEach(cleanup);

it('lists held photos under their own filter and counts them in the progress panel', async () => {
  const jobs = [
    doneJob(1, '00001.5'),
    job(2, { relPath: 'dark.jpg', holdReason: 'too_dark' }),
    job(3, { relPath: 'blurred.jpg', holdReason: 'blurred' }),
  ];
  const { store } = await renderApp(stubBridge(jobs));
  expect(screen.getByTestId('progress-pace').textContent).toBe(
    '2 photos are held by the photo checks and wait for you; nothing else is left.',
  );

  const tab = screen.getByTestId('filter-held');
  expect(tab.textContent).toBe('Held 2');
  expect(screen.getByTestId('filter-in_progress').textContent).toBe('In progress 0');
  fireEvent.click(tab);
  await waitFor(() => {
    const grid = screen.getByRole('grid');
    expect(within(grid).queryByText('dark.jpg')).not.toBeNull();
    expect(within(grid).queryByText('blurred.jpg')).not.toBeNull();
    expect(within(grid).queryByText('photo-000001.jpg')).toBeNull();
  });
  store.getState().stop();
});

it('says so for a folder whose every photo is held', async () => {
  const jobs = [1, 2, 3].map((id) => job(id, { holdReason: 'too_dark' }));
  const { store } = await renderApp(stubBridge(jobs));
  act(() => {
    store.setState((s) => ({
      roots: [
        {
          id: 1,
          path: '/srv/2026-11-26 Tour 1 Müller',
          kind: 'folder' as const,
          addedAt: '',
          counts: countsOf(jobs),
        },
      ],
      query: { ...s.query, rootId: 1 },
    }));
  });
  expect(screen.getByTestId('progress-finished').textContent).toBe('0');
  expect(screen.getByTestId('progress-pace').textContent).toBe(
    '3 photos of this folder are held by the photo checks and wait for you; nothing else is left.',
  );
  store.getState().stop();
});

it('does not say all photos are finished while their codes are still being read', async () => {
  const jobs = [doneJob(1, '00001.5'), doneJob(2, '00002.5'), job(3, { holdReason: 'blurred' })];
  const bridge = stubBridge(jobs);
  const { store } = await renderApp(bridge);
  act(() => {
    bridge.emit({ status: statusOf(jobs, { codesBeingRead: 2 }) });
  });
  await waitFor(() => {
    expect(screen.getByTestId('progress-pace').textContent).toBe(
      'Every upload is final; reading the codes on 2 more photos.',
    );
  });
  act(() => {
    bridge.emit({ status: statusOf(jobs, { codesBeingRead: 0 }) });
  });
  await waitFor(() => {
    expect(screen.getByTestId('progress-pace').textContent).toBe(
      '1 photo is held by the photo checks and waits for you; nothing else is left.',
    );
  });
  store.getState().stop();
});
