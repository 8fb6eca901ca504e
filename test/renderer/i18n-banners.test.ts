// A German window words the holds itself: the offline cause by the hold's code (the engine's
// English reason stays out of the text), the service's own words kept apart as its detail.
import { describe, expect, it } from 'vitest';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { createI18n } from '../../renderer/i18n/i18n';
import { bannersFor, offlineCause } from '../../renderer/lib/banners';
import { SESSION_ONLY_KEY, statusOf } from './stub-bridge';

const t = createI18n('de').getFixedT('de', 'banners');
const appT = createI18n('de').getFixedT('de', 'app');
const service = { kind: 'sandbox', problem: null } as unknown as ServiceView;
const key = { isSet: true, backend: { warning: null } } as unknown as KeyStatus;

describe('banners in German', () => {
  it('says why the service cannot be reached by the code, in German', () => {
    const status = statusOf([], {
      holds: {
        offline: {
          since: 'x',
          code: 'ECONNREFUSED',
          nextProbeAt: 1,
        },
        quota: null,
        auth: { kind: 'key_rejected', message: 'Invalid API key', permission: null },
        settings: null,
        service: null,
      },
    });
    const banners = bannersFor({ status, service, key, ai: null, t, appT, lang: 'de' });
    const offline = banners.find((b) => b.id === 'offline');
    expect(offline?.title).toBe('Der Dienst ist nicht erreichbar');
    // Why, worded from the code: shown as the detail, not left to an English tooltip.
    expect(offline?.detail).toBe('Unter der Adresse des Dienstes antwortet niemand.');
    expect(offline?.detailFrom).toBe('window');
    expect(offline?.body).toBe(
      'Es geht nichts verloren: MeterDesk versucht es selbstständig weiter.',
    );
    expect(`${offline?.detail ?? ''} ${offline?.body ?? ''}`).not.toContain('ECONNREFUSED');
    const refused = banners.find((b) => b.id === 'key_rejected');
    expect(refused?.body).toBe(
      'Es wird nichts gesendet, bis ein gültiger Schlüssel gespeichert ist.',
    );
    expect(refused?.detail).toBe('Invalid API key.');
    expect(refused?.detailFrom).toBe('service');
  });

  it('words an unknown or missing code as a failed connection', () => {
    expect(offlineCause('EWHATEVER', t)).toBe('Die Netzwerkverbindung ist fehlgeschlagen.');
    expect(offlineCause(null)).toBe('The network connection failed.');
    expect(offlineCause('ENOTFOUND')).toContain('name cannot be found');
  });

  it('words the offline detail by a retry reason or a network code, never by English', () => {
    const offline = (code: string | null) =>
      bannersFor({
        status: statusOf([], {
          holds: {
            offline: { since: 'x', code, nextProbeAt: 1 },
            quota: null,
            auth: null,
            settings: null,
            service: null,
          },
        }),
        service,
        key,
        ai: null,
        t,
        appT,
        lang: 'de',
      }).find((b) => b.id === 'offline');
    expect(offline('non_json_body')).toMatchObject({
      detail:
        'Der Dienst (oder ein Proxy dazwischen) hat eine Seite statt Daten geschickt; später neuer Versuch.',
      detailFrom: 'window',
    });
    expect(offline('EPROTO')).toMatchObject({
      detail: 'Der Dienst ist nicht erreichbar; bitte die Netzwerkverbindung prüfen.',
      detailFrom: 'window',
    });
    // No code: no English in the window (the log has it), the general cause in the body.
    expect(offline(null)).toMatchObject({
      detail: '',
      body: 'Die Netzwerkverbindung ist fehlgeschlagen. Es geht nichts verloren: MeterDesk versucht es selbstständig weiter.',
    });
  });

  it('words a start-up problem and the key storage warning from their codes', () => {
    const engineT = createI18n('de').getFixedT('de', 'engine');
    const banners = bannersFor({
      status: statusOf([]),
      service: {
        kind: 'remote',
        baseUrl: 'https://meters.example.com',
        sampleFolder: null,
        problem: { code: 'keyMissing', params: { service: 'https://meters.example.com' } },
      },
      key: SESSION_ONLY_KEY,
      ai: null,
      t,
      appT,
      engineT,
      lang: 'de',
    });
    expect(banners.find((b) => b.id === 'not_configured')).toMatchObject({
      detail:
        'Für https://meters.example.com ist kein API-Schlüssel gespeichert. Geben Sie ihn in den Einstellungen ein.',
      detailFrom: 'window',
    });
    const storage = banners.find((b) => b.id === 'key_storage');
    expect(storage?.detailFrom).toBe('window');
    expect(storage?.detail).toMatch(/^MeterDesk erreicht den Schlüsselbund des Systems nicht/);
    expect(storage?.detail).toContain('Einen anderen sicheren Ort für den Schlüssel gibt es');
    expect(storage?.detail).toMatch(/beim nächsten Start werden Sie erneut danach gefragt\.$/);
  });
});
