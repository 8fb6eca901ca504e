// Each refusal of common/reply-messages.ts in English: what the log, the CLI and an IpcError's
// `message` say. The window never reads these; it words the code from its catalogue.
import { logText, type LogMessage } from './engine-messages';
import { readingInputText, type ReadingInputProblem } from './billing/reading-input';
import { fillFrom } from './fill-template';
import type { ReplyMessage, ReplyParams, ReplyCode } from './reply-messages';

/** Why an export was not written, by `why` (and `stage` where it matters). */
const EXPORT_WHY: Readonly<Record<string, string>> = {
  ENOENT: 'the folder "{folder}" does not exist.',
  ENOENTlate: 'the folder "{folder}" disappeared while exporting.',
  noNewFiles: 'files cannot be created in the folder "{folder}".',
  ENOTDIR: '"{folder}" is not a folder.',
  EISDIR: 'a folder with that name already exists.',
  folderExists: 'a folder with that name already exists.',
  EACCES: 'no permission to write in the folder "{folder}".',
  EACCESfinish:
    'the file could not be replaced. It may be open in another program (close it there) or the folder may not be writable.',
  EBUSY: 'the file is in use by another program. Close it there and try again.',
  EROFS: 'the folder "{folder}" is on a read-only drive.',
  ENOSPC: 'the drive is full.',
  ENAMETOOLONG: 'the file name is too long.',
  other: '{detail}',
};

function exportWhy(p: ReplyParams<'exportNotWritten'>): string {
  const late = p.why === 'ENOENT' && p.stage !== 'open' ? 'ENOENTlate' : null;
  const finish = p.why === 'EACCES' && p.stage === 'finish' ? 'EACCESfinish' : null;
  const template = EXPORT_WHY[late ?? finish ?? p.why] ?? EXPORT_WHY.other ?? '';
  return fillFrom(template, p);
}

function readingProblem(p: ReplyParams<'readingRefused'>): ReadingInputProblem {
  switch (p.problem) {
    case 'tooManyDigits':
    case 'tooManyDecimals':
      return { code: p.problem, max: p.max };
    case 'empty':
    case 'grouping':
      return { code: p.problem };
    default:
      return { code: 'notDigits' };
  }
}

const ENGLISH: { readonly [C in ReplyCode]: (p: ReplyParams<C>) => string } = {
  photoGone: () => 'This photo is no longer in the list.',
  meterNotInSheets: (p) => `Meter ${p.meter} is not in the loaded route sheets.`,
  onlyFinishedReviewed: () => 'Only finished readings can be reviewed.',
  nothingToUndo: () => 'Nothing to undo: this reading was reviewed again or is no longer finished.',
  readingRefused: (p) => readingInputText(readingProblem(p)),
  keepsConfirmedMeter: () =>
    'This photo’s reading was confirmed for its meter; it keeps that meter.',
  needsAMeter: () => 'A photo matched by hand can be given another meter, not none.',
  skipNeedsNote: () => 'Say in a note why the meter could not be read.',
  changedInOffice: (p) =>
    `${p.clerk} (${p.desk}) changed or is reviewing this meter in the office; your change was not saved.`,
  chooseSheetFirst: () => 'Choose the route sheet with "Load route sheet…" first.',
  sheetMappingInvalid: (p) => `The column mapping cannot be used: ${p.problems}`,
  templateInvalid: (p) => `The export template cannot be used: ${p.problems}`,
  orderProfileInvalid: (p) => `The order-file profile cannot be used: ${p.problems}`,
  filePatternInvalid: (p) => p.problem,
  exportNotWritten: (p) => `Could not export to "${p.file}": ${exportWhy(p)}`,
  unencodable: (p) =>
    `Row ${String(p.row)}, column ${p.column} (${p.header}): "${p.character}" cannot be written in Windows-1252. Choose UTF-8 in the template, or let it write "?" for such characters.`,
  notShownHere: () =>
    'MeterDesk only shows files and folders that were added to it or exported by it.',
  folderNotShown: () => 'The folder could not be shown.',
  logFolderNotOpened: (p) => `The log folder ${p.folder} could not be opened: ${p.detail}`,
  noReportDay: (p) => `There is no day ${p.day}.`,
  officePasswordAlone: () => 'A password needs the office settings it is for.',
  keyNotUsable: (p) => `This API key cannot be used: ${p.detail}`,
  enterAddressFirst: () =>
    'Enter the service address first; the built-in sandbox has a key of its own.',
  sandboxDidNotStart: () => 'The built-in sandbox did not start.',
  noKeyStored: (p) => `No API key is stored for ${p.address}; enter one.`,
  lockedByPolicy: (p) =>
    `This setting is fixed by this computer's policy (${p.source}); ask IT to change it.`,
  addressNotUrl: () =>
    'The service address is not a valid URL. It looks like https://meters.example.com.',
  addressNotHttps: (p) =>
    p.host
      ? `The service address must start with https://: over plain http:// the API key would travel unencrypted to ${p.host}.`
      : 'The service address must start with https://.',
  addressHasApiPath: (p) =>
    `The address includes the API path (${p.path}); MeterDesk adds that itself. Use ${p.fixed} instead.`,
  addressHasCredentials: () => 'The service address must not contain a user name or password.',
  addressHasQuery: () => 'The service address must not contain a query or fragment.',
  serviceRefusedKey: () =>
    'The service refused this API key (401). Check that the whole key was pasted and that it is still active on the API Keys page of the website.',
  keyNotAllowed: (p) =>
    `The key is valid but not allowed to do this (403)${p.serviceSays ? `: ${p.serviceSays}` : ''}. The key may lack a scope, the account may be inactive, or this computer's IP address may be outside the key's allowlist.`,
  nameNotFound: (p) =>
    `The name ${p.host} does not exist: no computer on the network is called that. Check the spelling of the address.`,
  nameNotLookedUp: (p) =>
    `The name ${p.host} could not be looked up: the network's name service does not answer. Check this computer's network connection.`,
  nothingListens: (p) =>
    `${p.host} exists, but nothing listens at ${p.origin}. Check the port in the address, or whether the service is running.`,
  originUnreachable: (p) =>
    `${p.origin} cannot be reached from this computer (${p.code}). Check the network connection, and any proxy or firewall.`,
  cannotReach: (p) =>
    `Cannot reach ${p.origin}: ${p.detail} Check the address, the network and any proxy or firewall.`,
  serviceFaulty: (p) =>
    `The service at ${p.origin} has a problem right now (${p.detail}). Try again later.`,
  notTheService: (p) =>
    `Something else answers at ${p.origin}, not the meter-reading service (${p.detail || 'it has no meter-reading API: 404'}). Check the address.`,
  serviceOnHold: (p) =>
    `The service at ${p.origin} is unavailable for now (maintenance or overload)${p.serviceSays ? `: ${p.serviceSays}` : ''}. Try again in a few minutes.`,
  keyRateLimited: (p) =>
    `The service is limiting this key's requests; try again in ${String(p.seconds)} s.`,
  serviceAnswerUnusable: (p) => p.detail,
  unexpectedProblem: (p) => `MeterDesk hit an unexpected problem (${p.detail}).`,
  noAnswer: (p) => {
    const limit =
      p.seconds >= 120 ? `${String(Math.round(p.seconds / 60))} minutes` : `${String(p.seconds)} s`;
    return `${p.who} did not answer within ${limit} (${p.call}) and may be stuck. If this keeps happening, quit MeterDesk and open it again.`;
  },
  queueOwned: (p) =>
    `Cannot ${p.action} now. This queue is in use by ${p.owner} (process ${String(p.pid)}${p.host ? ` on ${p.host}` : ''}, ` +
    `since ${p.since}). Close it or wait for it to finish, then try again.`,
};

/** A refusal in English. */
export function replyText(message: ReplyMessage): string {
  const say = ENGLISH[message.code] as (p: ReplyMessage['params']) => string;
  return say(message.params);
}

/** A failed call's own sentence (IpcError.said): a refusal's code or a log code. */
export type Said = LogMessage | ReplyMessage;

function isReply(said: Said): said is ReplyMessage {
  return Object.hasOwn(ENGLISH, said.code);
}

/** A failed call's own sentence in English. */
export function saidText(said: Said): string {
  return isReply(said) ? replyText(said) : logText(said);
}

/** A code in both tables could not be told apart in IpcError.said: this type is then `false`. */
export type ReplyCodesApart = [Extract<ReplyCode, LogMessage['code']>] extends [never]
  ? true
  : false;
export const REPLY_CODES_APART: ReplyCodesApart = true;
