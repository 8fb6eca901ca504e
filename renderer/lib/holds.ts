// What a run waits for while nothing moves, and until when: said instead of an ETA that would keep
// promising "about 1 min left" through a network cut or a day without quota.
import type { AiInfo, EngineStatus, QuotaInfo } from '../../common/engine-status';
import type { TFunction } from 'i18next';
import { englishT } from '../i18n/english';
import { formatDuration, intlLocale } from './format';

type BannersT = TFunction<'banners'>;

const DAY_TAG = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * When the daily quota starts again: the end of the service's day (`day_tag`, a UTC day as the
 * service counts it), or the next UTC midnight when the service named no day.
 */
export function quotaResetAt(dayTag: string | null, now: number): number {
  const m = dayTag ? DAY_TAG.exec(dayTag) : null;
  if (m) {
    const end = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1);
    if (end > now) return end;
  }
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** "00:00 (in 5 h 12 min)": the clock time in the clerk's own time zone, and how long till then. */
export function atAndIn(
  at: number,
  now: number,
  t: BannersT = englishT('banners'),
  appT: TFunction = englishT('app'),
  lang?: string,
): string {
  const time = new Date(at).toLocaleTimeString(intlLocale(lang), {
    hour: '2-digit',
    minute: '2-digit',
  });
  return t('atAndIn', { time, wait: formatDuration(at - now, appT) });
}

export interface WaitInput {
  readonly status: EngineStatus;
  readonly quota: QuotaInfo | null;
  readonly ai: AiInfo | null;
  /** The words to say it in (English by default) and the window language for the clock time. */
  readonly t?: BannersT;
  readonly appT?: TFunction;
  readonly lang?: string;
}

/** What the run waits for, in a few words, or null while photos move. */
export function waitText(
  { status, quota, ai, t = englishT('banners'), appT, lang }: WaitInput,
  now: number,
): string | null {
  const { holds } = status;
  if (holds.auth?.kind === 'key_rejected') return t('wait.key');
  if (holds.auth?.kind === 'permission_denied') return t('wait.permission');
  if (holds.settings) return t('wait.settings');
  if (holds.offline) return t('wait.offline');
  if (holds.service) return t('wait.service');
  if (holds.quota) {
    const at = atAndIn(quotaResetAt(quota?.dayTag ?? null, now), now, t, appT, lang);
    return t('wait.quota', { at });
  }
  if (ai && !ai.isOnline) return t('wait.ai');
  return null;
}

/** The API key was refused: what the service said about quota and AI no longer holds. */
export function keyRefused(status: EngineStatus): boolean {
  return status.holds.auth?.kind === 'key_rejected';
}
