// A paid account's quota is its packages, which do not renew at midnight: the quota banner and the
// quota warning say what is left without "today" and without a reset time, in English and German;
// a free account's daily quota still says "today" (issue 21, item 4).
import { describe, expect, it } from 'vitest';
import type { QuotaInfo } from '../../common/engine-status';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { quotaWarningText } from '../../common/quota-warning';
import { quotaWarningWords } from '../../renderer/components/quota-widget';
import { createI18n } from '../../renderer/i18n/i18n';
import { bannersFor, quotaLeft } from '../../renderer/lib/banners';
import { quotaInfo, statusOf } from './stub-bridge';

const service = { kind: 'sandbox', problem: null } as unknown as ServiceView;
const key = { isSet: true, backend: { warning: null } } as unknown as KeyStatus;
const paid = quotaInfo({
  accountType: 'paid',
  dailyLimit: 0,
  remaining: 0,
  monthlyRemaining: 0,
  fixedRemaining: 0,
});
const free = quotaInfo({ remaining: 0, dailyLimit: 50 });

function quotaBanner(quota: QuotaInfo, lang: 'en' | 'de'): string {
  const i18n = createI18n(lang);
  const status = statusOf([], {
    quota,
    holds: {
      offline: null,
      quota: { since: '2000-01-01T00:00:00Z', remaining: 0, nextCheckAt: 1 },
      auth: null,
      settings: null,
      service: null,
    },
  });
  const banner = bannersFor({
    status,
    service,
    key,
    ai: null,
    quota,
    t: i18n.getFixedT(lang, 'banners'),
    appT: i18n.getFixedT(lang, 'app'),
    lang,
  }).find((b) => b.id === 'quota');
  return `${banner?.title ?? ''} | ${banner?.body ?? ''}`;
}

describe('quota words for an account living on packages', () => {
  it('the banner says the quota is used up, not "today", and names no reset time', () => {
    expect(quotaBanner(paid, 'en')).toMatch(/^The reading quota is used up \| 0 readings left\. /);
    expect(quotaBanner(paid, 'de')).toMatch(
      /^Das Ablesekontingent ist aufgebraucht \| Noch 0 Ablesungen übrig\. /,
    );
    for (const lang of ['en', 'de'] as const) {
      expect(quotaBanner(paid, lang)).not.toMatch(/today|heute|resets|erneuert/i);
    }
    // A daily quota still says so, and when it comes back.
    expect(quotaBanner(free, 'en')).toMatch(
      /^Today's reading quota is used up \| 0 of 50 .*resets/,
    );
  });

  it('the warning says what is left without "today" (window and CLI)', () => {
    const warning = { waiting: 5, remaining: 0 };
    const words = (quota: QuotaInfo, lang: 'en' | 'de'): string =>
      quotaWarningWords(
        warning,
        createI18n(lang).getFixedT(lang, 'app'),
        quotaLeft(quota, null).daily,
      );
    expect(words(paid, 'en')).toBe('None left: 5 photos wait for new quota.');
    expect(words(paid, 'de')).toBe('Aufgebraucht: 5 Fotos warten auf neues Kontingent.');
    expect(words(free, 'en')).toBe('None left today: 5 photos wait for new quota.');
    expect(quotaWarningText({ waiting: 6, remaining: 2 }, false)).toMatch(/2 readings are left\. /);
    expect(quotaWarningText({ waiting: 6, remaining: 2 })).toMatch(/2 readings are left today\. /);
  });
});
