// A service hold (a 5xx with Retry-After: maintenance, overload) is a banner of its own, in English
// and German: the service's words as its detail, the countdown to its Retry-After, no photo blamed
// (issue 21, item 3). Before, only two log lines said it.
import { describe, expect, it } from 'vitest';
import type { EngineHolds } from '../../common/engine-status';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { noHolds } from '../../common/engine-status';
import { createI18n } from '../../renderer/i18n/i18n';
import { bannersFor } from '../../renderer/lib/banners';
import { waitText } from '../../renderer/lib/holds';
import { statusOf } from './stub-bridge';

const service = { kind: 'sandbox', problem: null } as unknown as ServiceView;
const key = { isSet: true, backend: { warning: null } } as unknown as KeyStatus;

function bannersIn(lang: 'en' | 'de', hold: EngineHolds['service']) {
  const i18n = createI18n(lang);
  return bannersFor({
    status: statusOf([], { holds: { ...noHolds(), service: hold } }),
    service,
    key,
    ai: null,
    t: i18n.getFixedT(lang, 'banners'),
    appT: i18n.getFixedT(lang, 'app'),
    lang,
  });
}

const hold = { since: '2026-01-01T00:00:00Z', retryAt: 12_345, serviceSays: 'Maintenance' };

describe('the service hold banner', () => {
  it('says the service asks to wait, with its words and the time of the next try', () => {
    const [en] = bannersIn('en', hold);
    expect(en).toMatchObject({
      id: 'service_hold',
      title: 'The service asks to wait (maintenance or overload)',
      detail: 'Maintenance.',
      detailFrom: 'service',
      body: 'No photo fails for it: everything waits and is sent once the service answers again.',
      nextCheckAt: 12_345,
    });
    const [de] = bannersIn('de', { ...hold, serviceSays: '' });
    expect(de?.title).toBe('Der Dienst bittet zu warten (Wartung oder Überlastung)');
    expect(de?.detail).toBe('');
    expect(de?.body).toMatch(/^Kein Foto schlägt deswegen fehl/);
  });

  it('is what a waiting photo waits for', () => {
    const status = statusOf([], { holds: { ...noHolds(), service: hold } });
    expect(waitText({ status, quota: null, ai: null }, 0)).toBe(
      'Waiting as the service asks (maintenance or overload).',
    );
  });

  it('is gone when the service answers again', () => {
    expect(bannersIn('en', null).map((b) => b.id)).not.toContain('service_hold');
  });
});
