// MeterDesk's sentences about a job (its history, its error, the scanner's reasons) in the
// window's language, worded from their code and parameters (common/job-messages.ts) by the
// catalogue. The window never reads the English: a template renamed in main changes the log and
// the CSV, not what the window says. The service's own words (`quoted`) are shown as written.
import type { TFunction } from 'i18next';
import {
  isRetrySentence,
  JOB_MESSAGES,
  type JobMessage,
  type JobMessageCode,
  type JobMessageParams,
} from '../../common/job-messages';
import { ACCEPTED_FORMATS } from '../../common/job';
import { englishT } from '../i18n/english';
import type { CodedLine } from './coded-line';
import { formatBytes } from './format';
import { sourceWords } from './source-words';
import { tableLine, type BannersT, type WordTable } from './word-table';

type StatesT = TFunction<'states'>;

/** Worded here in their own shape; every other code is its catalogue entry with its parameters. */
type OwnShape =
  'read' | 'readShared' | 'readByDesk' | 'retryLater' | 'gaveUp' | 'gaveUpSaid' | 'tooLarge';

type Templated = Exclude<JobMessageCode, OwnShape | 'quoted'>;

/**
 * A file over the size limit, its size and the limit in the window's units; in exact bytes when
 * rounding would make them look the same (20 MiB and one byte against 20 MiB).
 */
function tooLargeWords(p: JobMessageParams<'tooLarge'>, t: StatesT, lang?: string): string {
  const { size, limit } = p;
  let sizeText = formatBytes(size, lang);
  let limitText = formatBytes(limit, lang);
  if (sizeText === limitText) {
    sizeText = t('job.bytes', { count: size });
    limitText = `${t('job.bytes', { count: limit })} (${limitText})`;
  }
  return t('job.tooLarge', { format: p.format, size: sizeText, limit: limitText });
}

/** What the retry reason says, in the window's words (the banner's sentence for it). */
function retryWords(retry: string, bannersT: BannersT): string {
  return isRetrySentence(retry) ? bannersT(`offline.detail.${retry}`) : retry;
}

function attempts(text: string): number {
  const n = Number(text);
  return Number.isInteger(n) ? n : 0;
}

/** A templated code: its catalogue entry with its parameters. */
function templated(code: Templated): (p: object, t: StatesT) => string {
  return (p, t) =>
    t(`job.${code}`, {
      ...p,
      // The formats the service accepts, listed in the window's language ("JPEG, PNG oder WEBP").
      accepted: `${ACCEPTED_FORMATS.slice(0, -1).join(', ')} ${t('acceptedOr')} ${ACCEPTED_FORMATS.at(-1) ?? ''}`,
    });
}

const OWN: WordTable<Extract<JobMessage, { readonly code: OwnShape }>, StatesT> = {
  read: (p, t) => t('job.read', { reading: p.reading, source: sourceWords(p.source, false, t) }),
  readShared: (p, t) =>
    t('job.readShared', { reading: p.reading, source: sourceWords(p.source, false, t) }),
  readByDesk: (p, t) =>
    t('job.readByDesk', {
      reading: p.reading,
      source: sourceWords(p.source, false, t),
      desk: p.desk,
    }),
  retryLater: (p, t, b) => t('job.retryLater', { reason: retryWords(p.retry, b) }),
  gaveUp: (p, t, b) =>
    t('job.gaveUp', { count: attempts(p.attempts), reason: retryWords(p.retry, b) }),
  gaveUpSaid: (p, t) => t('job.gaveUp', { count: attempts(p.attempts), reason: p.serviceSays }),
  tooLarge: (p, t, _b, lang) => tooLargeWords(p, t, lang),
};

const isTemplated = (code: string): code is Templated =>
  code !== 'quoted' && !Object.hasOwn(OWN, code);

// Every code of common/job-messages.ts: the templated ones from the catalogue, the others above.
// Built from JOB_MESSAGES's keys, which TypeScript cannot follow into the mapped table.
const WORDING = {
  ...Object.fromEntries(
    Object.keys(JOB_MESSAGES)
      .filter(isTemplated)
      .map((code) => [code, templated(code)]),
  ),
  ...OWN,
} as WordTable<JobMessage, StatesT>;

/** One of the job's sentences in the window's words (English by default). */
export function jobWords(
  message: JobMessage,
  t: StatesT,
  bannersT: BannersT = englishT('banners'),
  lang?: string,
): CodedLine {
  return tableLine(WORDING, message, { t, bannersT, ...(lang !== undefined && { lang }) });
}

/** The sentence as one string: worded, or the quoted words as given. */
export { lineText as jobLineText } from './coded-line';
