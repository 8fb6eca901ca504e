// MeterDesk's own sentences in a job's history and error, in the window's language: read back into
// their code and parameters from the stored English (common/job-messages.ts) and worded from the
// catalogue. A retry's reason is worded by its retry reason; a sentence, or a reason, that is not
// MeterDesk's own (the service's words) is left to the caller to show as written.
import type { TFunction } from 'i18next';
import { parseJobMessage, retrySentenceOf, type JobMessageCode } from '../../common/job-messages';
import { ACCEPTED_FORMATS } from '../../common/job';
import { englishT } from '../i18n/english';
import { formatBytes } from './format';

type StatesT = TFunction<'states'>;
type BannersT = TFunction<'banners'>;

const WITH_REASON: ReadonlySet<JobMessageCode> = new Set(['retryLater', 'gaveUp']);

/** A byte count as main writes it ("20,971,521"); null for anything else. */
function byteCount(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,3}(,\d{3})*$/.test(text)
    ? Number(text.replace(/,/g, ''))
    : null;
}

/**
 * A file over the size limit, its size and the limit in the window's units; in exact bytes when
 * rounding would make them look the same (20 MiB and one byte against 20 MiB).
 */
function tooLargeWords(
  params: Readonly<Record<string, string>>,
  t: StatesT,
  lang: string | undefined,
): string | null {
  const size = byteCount(params.size);
  const limit = byteCount(params.limit);
  if (size === null || limit === null) return null;
  let sizeText = formatBytes(size, lang);
  let limitText = formatBytes(limit, lang);
  if (sizeText === limitText) {
    sizeText = t('job.bytes', { count: size });
    limitText = `${t('job.bytes', { count: limit })} (${limitText})`;
  }
  return t('job.tooLarge', { format: params.format ?? '', size: sizeText, limit: limitText });
}

/**
 * The sentence in the window's words, or null when it is not one of MeterDesk's own. `lang` is the
 * window's language, for sizes (renderer/lib/format.ts).
 */
export function jobMessageWords(
  text: string,
  t: StatesT,
  bannersT: BannersT = englishT('banners'),
  lang?: string,
): string | null {
  const parsed = parseJobMessage(text);
  if (parsed === null) return null;
  const { code, params } = parsed;
  if (code === 'tooLarge') return tooLargeWords(params, t, lang);
  if (!WITH_REASON.has(code)) {
    const key =
      `job.${code as Exclude<JobMessageCode, 'gaveUp' | 'retryLater' | 'tooLarge'>}` as const;
    return t(key, {
      serviceSays: params.serviceSays ?? '',
      code: params.code ?? '',
      kind: params.kind ?? '',
      seconds: params.seconds ?? '',
      format: params.format ?? '',
      // The formats the service accepts, listed in the window's language ("JPEG, PNG oder WEBP").
      accepted: `${ACCEPTED_FORMATS.slice(0, -1).join(', ')} ${t('acceptedOr')} ${ACCEPTED_FORMATS.at(-1) ?? ''}`,
    });
  }
  const known = retrySentenceOf(params.reason ?? '');
  if (known === null) return null;
  const reason = bannersT(`offline.detail.${known}`);
  if (code === 'retryLater') return t('job.retryLater', { reason });
  const count = Number(params.attempts);
  return Number.isInteger(count) ? t('job.gaveUp', { count, reason }) : null;
}
