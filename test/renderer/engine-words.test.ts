// MeterDesk's own log lines in the window's language: each code of common/engine-messages.ts worded
// in English and German from the catalogues; a line without a code shown as written.
import { describe, expect, it } from 'vitest';
import {
  codedLine,
  engineMessage,
  ENGINE_MESSAGES,
  logEntryText,
  plainLine,
  type EngineMessage,
  type EngineMessageCode,
  type EngineMessageParams,
} from '../../common/engine-messages';
import { createI18n } from '../../renderer/i18n/i18n';
import { engineLine, engineWords } from '../../renderer/lib/engine-words';

const de = createI18n('de');
const deT = de.getFixedT('de', 'engine');
const deBanners = de.getFixedT('de', 'banners');

/** One message per code (a code added to the table without one here fails to compile). */
const SAMPLES: { readonly [C in EngineMessageCode]: EngineMessageParams<C> } = {
  offlineBegan: { cause: 'ECONNREFUSED', reason: 'connect ECONNREFUSED' },
  offlineEnded: {},
  quotaExhausted: { remaining: 0 },
  quotaAvailable: { remaining: 120 },
  quotaAsking: {},
  keyRejected: { serviceSays: 'Invalid API key' },
  permissionDenied: { serviceSays: 'IP not allowed' },
  settingRefused: { serviceSays: 'Foreign meters are disabled' },
  permissionMissing: { permission: 'create_batch', serviceSays: 'Not in your plan' },
  batchShrunk: { sent: 50, size: 20, serviceSays: 'Too many files' },
  batchesUnavailable: { serviceSays: 'Batches are off' },
  listShrunk: { tried: 100, next: 50 },
  listsRefused: {},
  serviceHoldBegan: { seconds: 1, serviceSays: 'Scheduled maintenance' },
  serviceHoldEnded: { seconds: 160 },
  nothingFinishes: { seconds: 15, serviceSays: 'The AI is offline; the task waits' },
  listFailing: { status: 500 },
  listSlow: { seconds: 10 },
  listBack: {},
  aiStatusFailing: { status: 503 },
  fileChanged: { file: 'Route 1/IMG_0001.jpg' },
  orphanTask: { task: 'tsk_42' },
  resuming: { requeued: 1, resumed: 3 },
  takenOver: { owner: 'meter-desk run' },
  codesBeingRead: { count: 7 },
  photoChecksUnavailable: { detail: "Cannot find module 'detect-libc'" },
  unexpectedError: { detail: 'boom' },
  engineNotStarted: { detail: 'EACCES' },
  backendRestarted: {},
  queueInUse: {
    owner: 'the MeterDesk window',
    pid: 4711,
    host: '',
    since: '2026-11-20T08:00:00.000Z',
  },
  sandboxNotStarted: { detail: 'EADDRINUSE' },
  keyUnreadable: { detail: 'D-Bus timeout' },
  keyMissing: { service: 'https://meters.example.com' },
  dataFolderUnusable: { dir: '/media/card', why: 'EROFS', folder: '', real: '' },
  keychainUnavailable: { keychain: 'module', platform: 'win32', seconds: 0, detail: '' },
  keyInEncryptedFile: {
    keychain: 'service',
    platform: 'linux',
    seconds: 10,
    detail: '',
    backend: 'gnome_libsecret',
  },
  keyForSessionOnly: {
    keychain: 'timeout',
    platform: 'darwin',
    seconds: 10,
    detail: '',
    why: 'none',
    backend: '',
  },
  keyPlaceKeychain: { platform: 'win32' },
  keyPlaceEncryptedFile: { backend: 'kwallet5' },
  keyPlaceMemory: {},
};

const messages = Object.entries(SAMPLES).map(
  ([code, params]) => ({ code, params }) as EngineMessage,
);

describe('engine log lines in the window language', () => {
  it('words every code in English and German, each differently, with no placeholder left', () => {
    expect(messages.map((m) => m.code).sort()).toEqual(Object.keys(ENGINE_MESSAGES).sort());
    for (const m of messages) {
      const en = engineWords(m);
      const german = engineWords(m, deT, deBanners);
      expect(en, m.code).not.toMatch(/{{|line\.|permission\.|place\./);
      expect(german, m.code).not.toMatch(/{{|line\.|permission\.|place\./);
      expect(german, m.code).not.toBe(en);
    }
  });

  it('says why the service cannot be reached from the hold code', () => {
    const reason = 'Cannot reach the service; check the network connection.';
    const line = codedLine('offlineBegan', { cause: 'ECONNREFUSED', reason });
    // The log and the CLI say it in English from the same code.
    expect(logEntryText(line)).toBe(`Service unreachable (${reason}); uploads paused, probing`);
    expect(engineLine(line, deT, deBanners)).toEqual({
      worded:
        'Der Dienst ist nicht erreichbar. Unter der Adresse des Dienstes antwortet niemand. ' +
        'Das Senden ist angehalten; MeterDesk prüft weiter.',
    });
    expect(engineWords(engineMessage('offlineBegan', { cause: '', reason: '' }))).toBe(
      'The service cannot be reached. The network connection failed. Sending is paused; MeterDesk keeps checking.',
    );
  });

  it('counts and numbers in the window language, the service’s words quoted as they came', () => {
    expect(engineWords(engineMessage('quotaAvailable', { remaining: 1200 }), deT, deBanners)).toBe(
      'Wieder Ablesungen verfügbar (1.200 übrig); das Senden geht weiter.',
    );
    expect(engineWords(engineMessage('quotaAvailable', { remaining: -1 }))).toBe(
      'Readings are available again (no daily limit); sending resumes.',
    );
    expect(engineWords(engineMessage('quotaExhausted', { remaining: 1 }))).toBe(
      'Only 1 reading is left today; the other photos stay queued.',
    );
    expect(engineWords(engineMessage('quotaExhausted', { remaining: -1 }))).toBe(
      "Today's reading quota is used up; the other photos stay queued.",
    );
    expect(engineWords(engineMessage('resuming', { requeued: 1, resumed: 3 }), deT)).toBe(
      'MeterDesk macht dort weiter, wo es aufgehört hat: 1 Foto wird erneut gesendet, ' +
        '3 Ablesungen werden weiter verfolgt.',
    );
    expect(
      engineWords(
        engineMessage('permissionMissing', { permission: 'list_tasks', serviceSays: 'No lists' }),
        deT,
      ),
    ).toBe(
      'Dieser API-Schlüssel darf nicht Aufträge auflisten; MeterDesk hilft sich anders. ' +
        'Der Dienst meldet: „No lists“',
    );
    // A permission this window does not know is still a sentence.
    expect(
      engineWords(engineMessage('permissionMissing', { permission: 'teleport', serviceSays: 'x' })),
    ).toContain('may not do this;');
  });

  it('shows a line without a code, or with a code it does not know, as written', () => {
    expect(engineLine(plainLine('a note from an older backend'), deT)).toEqual({
      quoted: 'a note from an older backend',
    });
    const unknown = { code: 'teleported', params: { to: 'Mars' } };
    expect(engineLine(unknown as unknown as ReturnType<typeof plainLine>, deT)).toEqual({
      quoted: 'teleported {"to":"Mars"}',
    });
  });
});
