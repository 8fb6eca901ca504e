// @vitest-environment happy-dom
// The quota widget says what the account may still read (every pool that applies) and what each
// pool holds: a paid account whose service says remaining 0 (its daily figure) while monthly 49
// and fixed 20 hold its quota shows 69 left, not 0 (issue 21, item 4).
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuotaInfo } from '../../common/engine-status';
import { emptyCounts } from '../../common/job-record';
import { quotaTotal } from '../../common/quota-pools';
import { QuotaWidget } from '../../renderer/components/quota-widget';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { quotaInfo, statusOf, stubBridge } from './stub-bridge';

function widget(quota: QuotaInfo, lang: 'en' | 'de' = 'en'): { main: string; pools: string } {
  const store = createAppStore(stubBridge([]), { refreshMs: 10 });
  store.setState({ status: statusOf([], { counts: emptyCounts(), quota, quotaWarning: null }) });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StoreProvider store={store}>
        <QuotaWidget />
      </StoreProvider>
    </I18nextProvider>,
  );
  return {
    main: screen.getByTestId('quota-remaining').textContent.trim(),
    pools: screen.getByTestId('quota-summary').textContent.trim(),
  };
}

afterEach(cleanup);

const paid = {
  accountType: 'paid',
  dailyLimit: 0,
  isUnlimited: false,
  monthlyRemaining: 49,
  monthlyBonusRemaining: 0,
  fixedRemaining: 20,
} as const;

describe('the quota as the sum of its pools', () => {
  it('adds the packages to a remaining that is the daily figure, never counts them twice', () => {
    // Remaining 0 within daily_limit 0: the daily figure; the packages hold the rest.
    expect(quotaTotal({ ...paid, remaining: 0 })).toBe(69);
    // Remaining beyond the daily limit already counts the packages.
    expect(quotaTotal({ ...paid, remaining: 69 })).toBe(69);
    // A free account: 12 of its daily 50 left, plus 20 fixed.
    expect(quotaTotal({ ...paid, dailyLimit: 50, monthlyRemaining: 0, remaining: 12 })).toBe(32);
    expect(quotaTotal({ ...paid, dailyLimit: 50, monthlyRemaining: 0, remaining: 70 })).toBe(70);
    expect(quotaTotal({ ...paid, isUnlimited: true, remaining: 0 })).toBeNull();
    expect(quotaTotal({ ...paid, dailyLimit: null, remaining: 0 })).toBe(69);
  });

  it("a paid account's widget shows what its packages hold and each pool", () => {
    const w = widget(quotaInfo({ ...paid, remaining: 69 }));
    expect(w.main).toBe('69 left');
    expect(w.pools).toBe('Packages: 49 monthly, 20 fixed');
    expect(screen.getByTestId('quota-widget').textContent).toContain('Quota');
  });

  it('an account with a daily pool and packages shows both, in English and German', () => {
    const quota = quotaInfo({ ...paid, dailyLimit: 50, remaining: 81 });
    expect(widget(quota)).toEqual({
      main: '81 left',
      pools: 'Left: 12 today, 49 monthly, 20 fixed',
    });
    cleanup();
    expect(widget(quota, 'de')).toEqual({
      main: 'Noch 81',
      pools: 'Übrig: 12 heute, 49 monatlich, 20 fest',
    });
  });

  it('a daily account says what today used from the numbers, never the service’s English', () => {
    const quota = quotaInfo({ remaining: 380, used: 1120, dailyLimit: 1500 });
    expect(widget(quota)).toEqual({ main: '380 of 1,500 left', pools: '1,120 used today' });
    cleanup();
    expect(widget(quota, 'de').pools).toBe('1.120 heute verbraucht');
  });
});
