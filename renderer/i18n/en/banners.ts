// English words of the banners over the table and of what a held run waits for
// (renderer/lib/banners.ts, renderer/lib/holds.ts).
import { RETRY_SENTENCES } from '../../../common/job-messages';

export const banners = {
  not_configured: {
    title: 'Not connected to the reading service',
    noService: 'No service is set up yet.',
    body: 'Photos you add are kept and sent once it is set up.',
  },
  key_rejected: {
    title: 'The service refused the API key',
    body: 'Nothing is sent until a valid key is saved.',
  },
  permission_denied: {
    title: 'The API key is not allowed to do this',
    body: "Ask whoever manages the account to grant the permission or to allow this computer's IP address, then retry.",
  },
  settings: {
    title: 'The service refuses a setting',
    body: 'Change it in Settings.',
  },
  offline: {
    title: 'The service cannot be reached',
    body: 'Nothing is lost: MeterDesk keeps trying by itself.',
    cause: {
      refused: 'Nothing answers at the service’s address.',
      noName: 'The service’s name cannot be found (no network, or a wrong address).',
      noRoute: 'This computer has no route to the service (is the network down?).',
      timeout: 'The service did not answer in time.',
      tls: 'The service’s certificate could not be verified.',
      reset: 'The connection was cut off.',
      server: 'The service reports a problem on its side.',
      other: 'The network connection failed.',
    },
    /** What the engine said, by the hold's code: the API client's own English sentences. */
    detail: RETRY_SENTENCES,
  },
  service_hold: {
    title: 'The service asks to wait (maintenance or overload)',
    body: 'No photo fails for it: everything waits and is sent once the service answers again.',
  },
  quota: {
    title: "Today's reading quota is used up",
    titleAll: 'The reading quota is used up',
    resets: 'Quota resets at {{at}}.',
    newStay: 'New photos stay queued.',
    body: 'They are sent then; readings already under way still arrive. To read them sooner, ask whoever manages the account for more quota.',
  },
  ai_offline: {
    title: 'The reading AI is offline',
    body: 'New photos wait at the service until it is back.',
    bodyQueue_one:
      'New photos wait at the service until it is back ({{count, number}} task waiting).',
    bodyQueue_other:
      'New photos wait at the service until it is back ({{count, number}} tasks waiting).',
    historical:
      'Photos it has read before may come back with a historical result from an older AI: those are flagged for review.',
  },
  paused: {
    title: 'Paused',
    body: 'Nothing new is sent. Readings already at the service still arrive.',
  },
  checker_unavailable: {
    title: 'Photo checks are off: the photo checker could not be loaded',
    body: 'Photos are sent without the quality check, and the codes on them are not read. Reinstall MeterDesk or ask your IT; the log has the details.',
  },
  key_storage: {
    title: 'The API key is not in the system keychain',
  },
  stay_one: '{{count, number}} photo stays queued.',
  stay_other: '{{count, number}} photos stay queued.',
  count: '{{remaining, number}} of {{limit, number}} readings left today.',
  countPlain_one: '{{count, number}} reading left today.',
  countPlain_other: '{{count, number}} readings left today.',
  countAll_one: '{{count, number}} reading left.',
  countAll_other: '{{count, number}} readings left.',
  atAndIn: '{{time}} (in {{wait}})',
  wait: {
    key: 'Waiting for a valid API key (Settings).',
    permission: 'Waiting for the service to allow this API key.',
    settings: 'Waiting for a setting to be changed (Settings).',
    offline: 'Waiting for the service to answer.',
    service: 'Waiting as the service asks (maintenance or overload).',
    quota: 'Quota resets at {{at}}.',
    ai: 'Waiting for the AI service.',
  },
} as const;
