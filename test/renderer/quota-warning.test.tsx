// @vitest-environment happy-dom
// One quota-warning rule (common/quota-warning.ts) for the engine, the CLI and the window. Before,
// the engine warned when more distinct photos waited than readings were left, while the window
// counted every queued row: ten byte-identical copies of five photos with six readings left made
// the window warn and the engine (and the CLI) not.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyCounts } from '../../common/job-record';
import { liveQuotaWarning, quotaWarning, quotaWarningText } from '../../common/quota-warning';
import type { QuotaWarning } from '../../common/quota-warning';
import { QuotaWidget } from '../../renderer/components/quota-widget';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { quotaInfo, statusOf, stubBridge } from './stub-bridge';

function widget(queued: number, remaining: number, engine: QuotaWarning | null): string | null {
  const store = createAppStore(stubBridge([]), { refreshMs: 10 });
  store.setState({
    status: statusOf([], {
      counts: { ...emptyCounts(), queued, total: queued },
      quota: quotaInfo({ remaining }),
      quotaWarning: engine,
    }),
  });
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StoreProvider store={store}>
        <QuotaWidget />
      </StoreProvider>
    </I18nextProvider>,
  );
  return screen.queryByTestId('quota-warning')?.textContent.trim() ?? null;
}

afterEach(cleanup);

describe('the quota warning', () => {
  it('warns when more distinct photos wait than readings are left, never without a limit', () => {
    expect(quotaWarning(6, 5)).toBeNull();
    expect(quotaWarning(6, 6)).toBeNull();
    expect(quotaWarning(null, 1000)).toBeNull();
    expect(quotaWarning(2, 6)).toEqual({ waiting: 6, remaining: 2 });
    expect(quotaWarningText({ waiting: 6, remaining: 2 })).toMatch(/^6 photos .* only 2 readings/);
  });

  it('is not shown by the window when copies make the queue look longer than it costs', () => {
    // Ten queued rows, five distinct photos, six readings left: the engine does not warn.
    expect(widget(10, 6, quotaWarning(6, 5))).toBeNull();
  });

  it('is shown by the window with the live figures when the engine warns', () => {
    // The engine counted 12 distinct photos against 6 left; since then 4 were read.
    expect(liveQuotaWarning({ waiting: 12, remaining: 6 }, 2, 8)).toEqual({
      waiting: 8,
      remaining: 2,
    });
    expect(widget(8, 2, { waiting: 12, remaining: 6 })).toBe(
      '8 photos wait, 2 readings left: the rest wait for new quota.',
    );
  });
});
