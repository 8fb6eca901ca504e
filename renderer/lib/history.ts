// The job history's lines in the window's language. The store writes each line in English when it
// happens (main/store/jobs-repo.ts, kept as written for the log and older queues); the lines it
// writes from a fixed pattern are worded again here, the engine's from their template
// (common/job-messages.ts, lib/job-words.ts); anything else (the service's own words, a scanner's
// reason) is shown as written and marked as quoted data.
import type { TFunction } from 'i18next';
import { englishT } from '../i18n/english';
import { jobMessageWords } from './job-words';
import { sourceWords } from './states';

type StatesT = TFunction<'states'>;
type BannersT = TFunction<'banners'>;

/** A history line: worded from the catalogue, or `quoted` (the message exactly as stored). */
export type HistoryLine = { readonly worded: string } | { readonly quoted: string };

type Rule = readonly [RegExp, (m: RegExpMatchArray, t: StatesT) => string];

const RULES: readonly Rule[] = [
  [/^Uploading$/, (_m, t) => t('history.uploading')],
  [
    /^Submitted as task (\S+) \(single task\)$/,
    (m, t) => t('history.submittedSingle', { task: m[1] ?? '' }),
  ],
  [
    /^Submitted as task (\S+) \(batch (\S+) item (\d+)\)$/,
    (m, t) =>
      t('history.submittedBatch', { task: m[1] ?? '', batch: m[2] ?? '', item: m[3] ?? '' }),
  ],
  [
    /^Reading (\S+) \(([a-z_]+)\)(, shared with an identical photo)?$/,
    (m, t) =>
      t(m[3] ? 'history.readShared' : 'history.read', {
        reading: m[1] ?? '',
        source: sourceWords(m[2] ?? '', false, t),
      }),
  ],
  [/^Reading confirmed in review$/, (_m, t) => t('history.confirmed')],
  [/^Reading corrected to (\S+)$/, (m, t) => t('history.corrected', { reading: m[1] ?? '' })],
  [/^Review undone: the reading waits for review again$/, (_m, t) => t('history.undoneToReview')],
  [
    /^Review undone: back to confirmed as read by the AI$/,
    (_m, t) => t('history.undoneToConfirmed'),
  ],
  [
    /^Review undone: back to corrected to (\S+)$/,
    (m, t) => t('history.undoneToCorrected', { reading: m[1] ?? '' }),
  ],
  [/^Retry requested$/, (_m, t) => t('history.retry')],
  [
    /^Same photo as (.+): result reused, not uploaded again$/,
    (m, t) => t('history.sameAs', { file: m[1] ?? '' }),
  ],
  [/^Scanned again: the file is a readable photo now$/, (_m, t) => t('history.scannedAgain')],
];

export function historyLine(
  message: string,
  t: StatesT,
  bannersT: BannersT = englishT('banners'),
  lang?: string,
): HistoryLine {
  for (const [pattern, word] of RULES) {
    const m = message.match(pattern);
    if (m) return { worded: word(m, t) };
  }
  const engine = jobMessageWords(message, t, bannersT, lang);
  return engine === null ? { quoted: message } : { worded: engine };
}
