// MeterDesk's sentences about a job (its history, its error, the scanner's reasons) in the
// window's language, worded from their code and parameters (common/job-messages.ts) by the
// catalogue. The window never reads the English: a template renamed in main changes the log and
// the CSV, not what the window says. The service's own words (`quoted`) are shown as written.
import type { TFunction } from 'i18next';
import {
  isRetrySentence,
  type JobMessage,
  type JobMessageCode,
  type JobMessageParams,
} from '../../common/job-messages';
import { ACCEPTED_FORMATS } from '../../common/job';
import { englishT } from '../i18n/english';
import { codedLine, type CodedLine } from './coded-line';
import { formatBytes } from './format';
import { sourceWords } from './states';

type StatesT = TFunction<'states'>;
type BannersT = TFunction<'banners'>;

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

/** One of the job's sentences in the window's words (English by default). */
export function jobWords(
  message: JobMessage,
  t: StatesT,
  bannersT: BannersT = englishT('banners'),
  lang?: string,
): CodedLine {
  return codedLine(message, (worded) => jobSentence(worded, t, bannersT, lang));
}

function jobSentence(
  message: Exclude<JobMessage, { readonly code: 'quoted' }>,
  t: StatesT,
  bannersT: BannersT,
  lang?: string,
): string {
  switch (message.code) {
    case 'read':
    case 'readShared':
      return t(`job.${message.code}`, {
        reading: message.params.reading,
        source: sourceWords(message.params.source, false, t),
      });
    case 'readByDesk':
      return t('job.readByDesk', {
        reading: message.params.reading,
        source: sourceWords(message.params.source, false, t),
        desk: message.params.desk,
      });
    case 'retryLater':
      return t('job.retryLater', { reason: retryWords(message.params.retry, bannersT) });
    case 'gaveUp':
      return t('job.gaveUp', {
        count: attempts(message.params.attempts),
        reason: retryWords(message.params.retry, bannersT),
      });
    case 'gaveUpSaid':
      return t('job.gaveUp', {
        count: attempts(message.params.attempts),
        reason: message.params.serviceSays,
      });
    case 'tooLarge':
      return tooLargeWords(message.params, t, lang);
    default: {
      const code: Templated = message.code;
      return t(`job.${code}`, {
        ...message.params,
        // The formats the service accepts, listed in the window's language ("JPEG, PNG oder WEBP").
        accepted: `${ACCEPTED_FORMATS.slice(0, -1).join(', ')} ${t('acceptedOr')} ${ACCEPTED_FORMATS.at(-1) ?? ''}`,
      });
    }
  }
}

/** The sentence as one string: worded, or the quoted words as given. */
export { lineText as jobLineText } from './coded-line';
