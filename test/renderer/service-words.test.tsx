// @vitest-environment happy-dom
// The service's own words in the window: a waiting task's reason, a failed one's failure kind, a
// paid account's packages, and figures the key may not read shown as not permitted.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { unknownDeployment } from '../../common/engine-status';
import { job, statusOf, stubBridge } from './stub-bridge';
import { renderApp } from './render-app';
import { quotedMessage } from '../../common/job-messages';

afterEach(() => {
  cleanup();
});

describe('what the service says, in the window', () => {
  it("a photo waiting at the service shows the service's reason in its detail", async () => {
    const waiting = job(1, {
      state: 'submitted',
      remoteStatus: 'waiting_ai',
      taskId: 'task_1',
      errorMessage: quotedMessage('The AI service is offline; the task waits for it to come back.'),
    });
    const { store } = await renderApp(stubBridge([waiting]));
    store.getState().select(1);
    const note = await screen.findByTestId('detail-wait-reason');
    expect(note.textContent.trim()).toBe(
      'The service says: The AI service is offline; the task waits for it to come back. (waiting_ai)',
    );
    store.getState().stop();
  });

  it('a file the service could not use as an image says so, with its failure kind', async () => {
    const failed = job(2, {
      state: 'failed',
      failureKind: 'server_rejected_type',
      serviceFailureKind: 'invalid_image',
      errorMessage: quotedMessage('The file is not a decodable image (invalid_image)'),
    });
    const { store } = await renderApp(stubBridge([failed]));
    store.getState().select(2);
    expect((await screen.findByTestId('detail-failure-kind')).textContent).toBe('invalid_image');
    expect(screen.getByRole('note').textContent).toContain(
      'The service could not use it as an image',
    );
    expect(screen.getByRole('note').textContent).not.toMatch(/AI could not read/);
    store.getState().stop();
  });

  it("a paid account's packages and their first expiry are shown with the quota", async () => {
    const jobs = [job(1)];
    const bridge = stubBridge(jobs, {
      status: statusOf(jobs, {
        quota: {
          remaining: 55,
          dailyLimit: 0,
          used: 0,
          dayTag: '2026-11-23',
          isUnlimited: false,
          checkedAt: new Date().toISOString(),
          accountType: 'paid',
          monthlyRemaining: 40,
          monthlyBonusRemaining: 5,
          fixedRemaining: 10,
          nearestExpireAt: '2030-12-31T12:00:00.000Z',
        },
      }),
    });
    const { store } = await renderApp(bridge);
    expect(screen.getByTestId('quota-account').textContent).toBe('paid');
    // The service's quota day, short and not shifted by the time zone.
    expect(screen.getByTitle('2026-11-23').textContent).toBe('23 Nov');
    const line = screen.getByTestId('quota-summary').textContent;
    expect(line).toMatch(/^Packages: 40 monthly, 5 bonus, 10 fixed; first expiry /);
    expect(line).toContain('2030');
    store.getState().stop();
  });

  it('quota and AI status the key may not read are said to be not permitted', async () => {
    const jobs = [job(1)];
    const bridge = stubBridge(jobs, {
      status: statusOf(jobs, {
        deployment: {
          ...unknownDeployment(),
          denied: { quota: 'missing scope quota:read', ai_status: 'missing scope ai:read' },
        },
      }),
    });
    const { store } = await renderApp(bridge);
    await waitFor(() => {
      expect(screen.getByTestId('quota-widget').textContent).toContain(
        'Not permitted for this API key',
      );
    });
    expect(screen.getByTestId('ai-status').textContent).toContain('Not permitted for this API key');
    store.getState().stop();
  });
});
