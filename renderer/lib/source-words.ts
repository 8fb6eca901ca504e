// Where a reading came from (fresh, a copy of a photo read before, ...), in the window's words: the
// table's source column, the detail's facts and a job's "read" sentence (job-words.ts) say it.
import type { TFunction } from 'i18next';
import { englishT } from '../i18n/english';

const SOURCES = ['fresh', 'cached_exact', 'cached_stale', 'pending', 'failed'] as const;
type Source = (typeof SOURCES)[number];
const isSource = (s: string): s is Source => (SOURCES as readonly string[]).includes(s);

/** The result source in words; an unknown source (the service may add some) is shown as is. */
export function sourceWords(
  source: string | null,
  short = false,
  t: TFunction<'states'> = englishT('states'),
): string {
  if (source === null || source === '') return '';
  if (!isSource(source)) return source;
  return short ? t(`sourceShort.${source}`) : t(`source.${source}`);
}
