// A German window words the holds itself: the offline cause by the hold's code (the engine's
// English reason stays out of the text), the service's own words kept apart as its detail.
import { describe, expect, it } from 'vitest';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { createI18n } from '../../renderer/i18n/i18n';
import { bannersFor, offlineCause } from '../../renderer/lib/banners';
import { statusOf } from './stub-bridge';

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
          reason: 'connect ECONNREFUSED',
          code: 'ECONNREFUSED',
          nextProbeAt: 1,
        },
        quota: null,
        auth: { kind: 'key_rejected', message: 'Invalid API key', permission: null },
        settings: null,
      },
    });
    const banners = bannersFor({ status, service, key, ai: null, t, appT, lang: 'de' });
    const offline = banners.find((b) => b.id === 'offline');
    expect(offline?.title).toBe('Der Dienst ist nicht erreichbar');
    expect(offline?.body).toContain('Unter der Adresse des Dienstes antwortet niemand.');
    expect(offline?.body).not.toContain('ECONNREFUSED');
    expect(offline?.detailFrom).toBe('meterdesk');
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
});
