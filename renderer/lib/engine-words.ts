// MeterDesk's own sentences from the engine and the backend (the activity log, a start-up problem,
// where the API key is kept) in the window's language, worded from their code
// (common/engine-messages.ts). A line without a code (an older backend, another part's
// words) is shown as written and marked as quoted. One wording per code: a code added to the table
// without one here fails to compile.
import type { TFunction } from 'i18next';
import type { EngineMessage, LogEntry } from '../../common/engine-messages';
import type { Permission } from '../../common/engine-status';
import { dataFolderReason } from '../../common/data-folder-english';
import { keychainSentence } from '../../common/key-storage-english';
import { englishT } from '../i18n/english';
import type { CodedLine } from './coded-line';
import { offlineCause } from './offline-words';
import { tableLine, tableWords, type BannersT, type WordTable } from './word-table';

type EngineT = TFunction<'engine'>;

const PERMISSIONS: readonly Permission[] = [
  'quota',
  'ai_status',
  'create_task',
  'create_batch',
  'get_task',
  'list_tasks',
  'get_batch',
];

function permissionWords(p: string, t: EngineT): string {
  const known = PERMISSIONS.find((q) => q === p);
  return known === undefined ? t('permission.other') : t(`permission.${known}`);
}

/** Who holds a queue: the labels main gives its own processes are worded; a command's name is not. */
function ownerWords(label: string, t: EngineT): string {
  if (label === 'the MeterDesk window') return t('owner.window');
  if (label === 'another process') return t('owner.other');
  return label;
}

function keychainName(platform: string, t: EngineT): string {
  if (platform === 'darwin' || platform === 'win32') return t(`keychain.name.${platform}`);
  return t('keychain.name.linux');
}

/** Why the OS keychain cannot be used, as keychain.ts says it, in the window's words. */
function keychainWords(
  p: { readonly keychain: string; readonly platform: string; readonly seconds: number },
  t: EngineT,
): string {
  return t(`keychain.${keychainSentence(p)}`, {
    name: keychainName(p.platform, t),
    seconds: p.seconds,
  });
}

/** Why a folder cannot hold MeterDesk's data, in the window's words. */
function dataFolderWords(
  p: { readonly dir: string; readonly why: string; readonly folder: string; readonly real: string },
  t: EngineT,
): string {
  return t(`dataFolder.${dataFolderReason(p.why)}`, {
    dir: p.dir,
    folder: p.folder,
    real: p.real,
  });
}

function sessionWhy(why: string, backend: string, t: EngineT): string {
  if (why === 'weak') return t('sessionWhy.weak', { backend });
  return why === 'unavailable' ? t('sessionWhy.unavailable') : t('sessionWhy.none');
}

const WORDING: WordTable<EngineMessage, EngineT> = {
  offlineBegan: (p, t, b) => t('line.offlineBegan', { cause: offlineCause(p.cause || null, b) }),
  offlineEnded: (_p, t) => t('line.offlineEnded'),
  quotaExhausted: (p, t) =>
    p.remaining > 0
      ? t('line.quotaExhaustedLeft', { count: p.remaining })
      : t('line.quotaExhausted'),
  quotaAvailable: (p, t) =>
    p.remaining < 0 ? t('line.quotaUnlimited') : t('line.quotaAvailable', { count: p.remaining }),
  quotaAsking: (_p, t) => t('line.quotaAsking'),
  keyRejected: (p, t) => t('line.keyRejected', { serviceSays: p.serviceSays }),
  permissionDenied: (p, t) => t('line.permissionDenied', { serviceSays: p.serviceSays }),
  settingRefused: (p, t) => t('line.settingRefused', { serviceSays: p.serviceSays }),
  permissionMissing: (p, t) =>
    t('line.permissionMissing', {
      what: permissionWords(p.permission, t),
      serviceSays: p.serviceSays,
    }),
  batchShrunk: (p, t) =>
    t('line.batchShrunk', { sent: p.sent, count: p.size, serviceSays: p.serviceSays }),
  batchesUnavailable: (p, t) => t('line.batchesUnavailable', { serviceSays: p.serviceSays }),
  listShrunk: (p, t) => t('line.listShrunk', { tried: p.tried, next: p.next }),
  listsRefused: (_p, t) => t('line.listsRefused'),
  listFailing: (p, t) =>
    p.status > 0
      ? t('line.listFailing', { status: String(p.status) })
      : t('line.listFailingUnusable'),
  listSlow: (p, t) => t('line.listSlow', { seconds: p.seconds }),
  listBack: (_p, t) => t('line.listBack'),
  aiStatusFailing: (p, t) =>
    p.status > 0
      ? t('line.aiStatusFailing', { status: String(p.status) })
      : t('line.aiStatusFailingUnusable'),
  serviceHoldBegan: (p, t) =>
    p.serviceSays
      ? t('line.serviceHoldBeganSaid', { count: p.seconds, serviceSays: p.serviceSays })
      : t('line.serviceHoldBegan', { count: p.seconds }),
  serviceHoldEnded: (p, t) => t('line.serviceHoldEnded', { count: p.seconds }),
  nothingFinishes: (p, t) =>
    t('line.nothingFinishes', { count: p.seconds, serviceSays: p.serviceSays }),
  fileChanged: (p, t) => t('line.fileChanged', { file: p.file }),
  orphanTask: (p, t) => t('line.orphanTask', { task: p.task }),
  resuming: (p, t) =>
    t('line.resuming', {
      uploads: t('line.resumingUploads', { count: p.requeued }),
      tasks: t('line.resumingTasks', { count: p.resumed }),
    }),
  takenOver: (p, t) => t('line.takenOver', { owner: ownerWords(p.owner, t) }),
  codesBeingRead: (p, t) => t('line.codesBeingRead', { count: p.count }),
  photoChecksUnavailable: (p, t) => t('line.photoChecksUnavailable', { detail: p.detail }),
  unexpectedError: (p, t) => t('line.unexpectedError', { detail: p.detail }),
  engineNotStarted: (p, t) => t('line.engineNotStarted', { detail: p.detail }),
  backendRestarted: (_p, t) => t('line.backendRestarted'),
  queueInUse: (p, t) => {
    const values = { owner: ownerWords(p.owner, t), pid: String(p.pid), host: p.host };
    return p.host === '' ? t('line.queueInUse', values) : t('line.queueInUseElsewhere', values);
  },
  sandboxNotStarted: (p, t) => t('line.sandboxNotStarted', { detail: p.detail }),
  keyUnreadable: (p, t) => t('line.keyUnreadable', { detail: p.detail }),
  keyMissing: (p, t) => t('line.keyMissing', { service: p.service }),
  dataFolderUnusable: (p, t) => dataFolderWords(p, t),
  keychainUnavailable: (p, t) => keychainWords(p, t),
  keyInEncryptedFile: (p, t) =>
    t('line.keyInEncryptedFile', { problem: keychainWords(p, t), backend: p.backend }),
  keyForSessionOnly: (p, t) =>
    t('line.keyForSessionOnly', {
      problem: keychainWords(p, t),
      why: sessionWhy(p.why, p.backend, t),
    }),
  keyPlaceKeychain: (p, t) => t('place.keychain', { name: keychainName(p.platform, t) }),
  keyPlaceEncryptedFile: (p, t) => t('place.encryptedFile', { backend: p.backend }),
  keyPlaceMemory: (_p, t) => t('place.memory'),
};

/** One coded message in the window's words (English by default). */
export function engineWords(
  message: EngineMessage,
  t: EngineT = englishT('engine'),
  bannersT: BannersT = englishT('banners'),
): string {
  return tableWords(WORDING, message, { t, bannersT });
}

/**
 * A line of the activity log: worded when it has a code this window knows; a line without one
 * shown as written; a code this window does not know (a newer backend) quoted with its params.
 */
export function engineLine(
  entry: LogEntry,
  t: EngineT = englishT('engine'),
  bannersT: BannersT = englishT('banners'),
): CodedLine {
  return tableLine<LogEntry, EngineT>(WORDING, entry, { t, bannersT });
}
