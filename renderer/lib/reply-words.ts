// Why a call was refused (common/reply-messages.ts) in the window's language, from its code and
// parameters; the reply's English `message` is never shown. One wording per code: a code added to
// the table without one here fails to compile.
import type { TFunction } from 'i18next';
import {
  OWNED_ACTIONS,
  type ReplyCode,
  type ReplyMessage,
  type ReplyParams,
} from '../../common/reply-messages';
import type { Said } from '../../common/reply-english';
import type { errors as errorsEn } from '../i18n/en/errors';
import { englishT } from '../i18n/english';

type ErrorsT = TFunction<'errors'>;

const EXPORT_WHY = [
  'ENOENT',
  'noNewFiles',
  'ENOTDIR',
  'EISDIR',
  'EACCES',
  'EBUSY',
  'EROFS',
  'ENOSPC',
  'ENAMETOOLONG',
] as const;

function exportWhy(p: ReplyParams<'exportNotWritten'>, t: ErrorsT): string {
  const values = { folder: p.folder, detail: p.detail };
  if (p.why === 'ENOENT' && p.stage !== 'open') return t('said.exportWhy.ENOENTlate', values);
  if (p.why === 'EACCES' && p.stage === 'finish') return t('said.exportWhy.EACCESfinish');
  if (p.why === 'folderExists') return t('said.exportWhy.EISDIR');
  const known = EXPORT_WHY.find((w) => w === p.why);
  return known === undefined
    ? t('said.exportWhy.other', values)
    : t(`said.exportWhy.${known}`, values);
}

type OwnedAction = (typeof OWNED_ACTIONS)[number];

/** The catalogue's key of each action queueOwned names. */
const ACTION_KEY: {
  readonly [A in OwnedAction]: Exclude<keyof typeof errorsEn.said.action, 'other'>;
} = {
  'add photos': 'addPhotos',
  'add arrivals': 'addArrivals',
  review: 'review',
  'undo review': 'undoReview',
  retry: 'retry',
  remove: 'remove',
  'assign meter': 'assignMeter',
  'skip meter': 'skipMeter',
  'type reading': 'typeReading',
  'decide meter': 'decideMeter',
  'undo meter decision': 'undoMeterDecision',
  'load route sheet': 'loadRouteSheet',
  'set file pattern': 'setFilePattern',
  'set camera counters': 'setCameraCounters',
  'save template': 'saveTemplate',
  'send anyway': 'sendAnyway',
  'set photo checks': 'setPhotoChecks',
  'set plausibility limits': 'setPlausibilityLimits',
};

function actionWords(action: string, t: ErrorsT): string {
  const known = OWNED_ACTIONS.find((a) => a === action);
  return known === undefined ? t('said.action.other') : t(`said.action.${ACTION_KEY[known]}`);
}

/** Who holds a queue: the labels main gives its own processes are worded; a command's is not. */
function ownerWords(label: string, t: ErrorsT): string {
  if (label === 'the MeterDesk window') return t('owner.window', { ns: 'engine' });
  if (label === 'another process') return t('owner.other', { ns: 'engine' });
  return label;
}

/** A typed reading's problem, in the words the review box and hand entry use (states.reading). */
function readingWords(p: ReplyParams<'readingRefused'>, t: ErrorsT): string {
  switch (p.problem) {
    case 'empty':
    case 'grouping':
    case 'tooManyDigits':
      return t(`reading.${p.problem}`, { ns: 'states', max: p.max });
    case 'tooManyDecimals':
      return p.max === 0
        ? t('reading.noDecimals', { ns: 'states' })
        : t('reading.tooManyDecimals', { ns: 'states', max: p.max });
    default:
      return t('reading.notDigits', { ns: 'states' });
  }
}

type Wording = { readonly [C in ReplyCode]: (p: ReplyParams<C>, t: ErrorsT) => string };

const WORDING: Wording = {
  photoGone: (_p, t) => t('said.photoGone'),
  meterNotInSheets: (p, t) => t('said.meterNotInSheets', p),
  onlyFinishedReviewed: (_p, t) => t('said.onlyFinishedReviewed'),
  nothingToUndo: (_p, t) => t('said.nothingToUndo'),
  readingRefused: (p, t) => readingWords(p, t),
  keepsConfirmedMeter: (_p, t) => t('said.keepsConfirmedMeter'),
  needsAMeter: (_p, t) => t('said.needsAMeter'),
  skipNeedsNote: (_p, t) => t('said.skipNeedsNote'),
  changedInOffice: (p, t) => t('said.changedInOffice', { clerk: p.clerk, desk: p.desk }),
  chooseSheetFirst: (_p, t) => t('said.chooseSheetFirst'),
  sheetMappingInvalid: (p, t) => t('said.sheetMappingInvalid', p),
  templateInvalid: (p, t) => t('said.templateInvalid', p),
  orderProfileInvalid: (p, t) => t('said.orderProfileInvalid', p),
  filePatternInvalid: (p, t) => t('said.filePatternInvalid', p),
  exportNotWritten: (p, t) => t('said.exportNotWritten', { file: p.file, why: exportWhy(p, t) }),
  unencodable: (p, t) => t('said.unencodable', p),
  notShownHere: (_p, t) => t('said.notShownHere'),
  folderNotShown: (_p, t) => t('said.folderNotShown'),
  logFolderNotOpened: (p, t) => t('said.logFolderNotOpened', p),
  noReportDay: (p, t) => t('said.noReportDay', p),
  officePasswordAlone: (_p, t) => t('said.officePasswordAlone'),
  keyNotUsable: (p, t) => t('said.keyNotUsable', p),
  enterAddressFirst: (_p, t) => t('said.enterAddressFirst'),
  sandboxDidNotStart: (_p, t) => t('said.sandboxDidNotStart'),
  noKeyStored: (p, t) => t('said.noKeyStored', p),
  lockedByPolicy: (p, t) => t('said.lockedByPolicy', p),
  addressNotUrl: (_p, t) => t('said.addressNotUrl'),
  addressNotHttps: (p, t) =>
    p.host ? t('said.addressNotHttpsHost', p) : t('said.addressNotHttps'),
  addressHasApiPath: (p, t) => t('said.addressHasApiPath', p),
  addressHasCredentials: (_p, t) => t('said.addressHasCredentials'),
  addressHasQuery: (_p, t) => t('said.addressHasQuery'),
  serviceRefusedKey: (_p, t) => t('said.serviceRefusedKey'),
  keyNotAllowed: (p, t) =>
    p.serviceSays ? t('said.keyNotAllowedSaid', p) : t('said.keyNotAllowed'),
  nameNotFound: (p, t) => t('said.nameNotFound', p),
  nameNotLookedUp: (p, t) => t('said.nameNotLookedUp', p),
  nothingListens: (p, t) => t('said.nothingListens', p),
  originUnreachable: (p, t) => t('said.originUnreachable', p),
  cannotReach: (p, t) => t('said.cannotReach', p),
  serviceFaulty: (p, t) => t('said.serviceFaulty', p),
  notTheService: (p, t) => (p.detail ? t('said.notTheService', p) : t('said.notTheService404', p)),
  serviceOnHold: (p, t) =>
    p.serviceSays ? t('said.serviceOnHoldSaid', p) : t('said.serviceOnHold', p),
  keyRateLimited: (p, t) => t('said.keyRateLimited', p),
  serviceAnswerUnusable: (p, t) => t('said.serviceAnswerUnusable', p),
  unexpectedProblem: (p, t) => t('said.unexpectedProblem', p),
  noAnswer: (p, t) =>
    p.seconds >= 120
      ? t('said.noAnswerMinutes', { call: p.call, minutes: Math.round(p.seconds / 60) })
      : t('said.noAnswer', { call: p.call, seconds: p.seconds }),
  queueOwned: (p, t) => {
    const values = {
      action: actionWords(p.action, t),
      owner: ownerWords(p.owner, t),
      pid: String(p.pid),
      host: p.host,
      since: p.since,
    };
    return p.host === '' ? t('said.queueOwned', values) : t('said.queueOwnedElsewhere', values);
  },
};

/** Whether a failed call's sentence is a refusal (else one of the log's codes). */
export function isReply(said: Said): said is ReplyMessage {
  return Object.hasOwn(WORDING, said.code);
}

/** A refusal in the window's words (English by default). */
export function replyWords(message: ReplyMessage, t: ErrorsT = englishT('errors')): string {
  // The table is keyed by code, so the message's own params fit its wording.
  const word = WORDING[message.code] as (p: ReplyMessage['params'], t: ErrorsT) => string;
  return word(message.params, t);
}
