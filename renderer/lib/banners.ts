// Every paused or blocked state as one banner: what happened, what MeterDesk does about it and what
// the person can do. Pure, so each state's wording is tested without a window.
import type { AiInfo, EngineHolds, EngineStatus, QuotaInfo } from '../../common/engine-status';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { pendingOf } from '../../common/throughput';
import type { TFunction } from 'i18next';
import { englishT } from '../i18n/english';
import { quotaIsDaily } from '../../common/quota-pools';
import { atAndIn, quotaResetAt } from './holds';
import { engineWords } from './engine-words';
import { offlineCause, offlineDetail } from './offline-words';

export { offlineCause } from './offline-words';

export type BannerAction = 'retry' | 'settings' | 'resume';
export type BannerId =
  | 'not_configured'
  | 'paused'
  | 'offline'
  | 'service_hold'
  | 'quota'
  | 'key_rejected'
  | 'permission_denied'
  | 'settings'
  | 'ai_offline'
  | 'checker_unavailable'
  | 'key_storage';

export interface Banner {
  readonly id: BannerId;
  readonly tone: 'info' | 'warn' | 'bad';
  readonly title: string;
  /**
   * What MeterDesk or the service said about it, or '' when there is nothing to add: MeterDesk's
   * sentence worded from its code, or the words as they came.
   */
  readonly detail: string;
  /**
   * Whose words the detail is: the service's (quoted as such), MeterDesk's worded in the window's
   * language from a code ('window'), or MeterDesk's English sentence that came without one.
   */
  readonly detailFrom: 'service' | 'window' | 'meterdesk';
  /** What MeterDesk does about it and what the person can do, in the window's language. */
  readonly body: string;
  /** Epoch ms of the next automatic check, shown as a countdown. */
  readonly nextCheckAt: number | null;
  readonly actions: readonly BannerAction[];
}

type BannersT = TFunction<'banners'>;
type EngineT = TFunction<'engine'>;

export interface BannerInput {
  readonly status: EngineStatus;
  readonly service: ServiceView;
  readonly key: KeyStatus;
  /** The freshest AI status (the engine's or the window's own reading). */
  readonly ai: AiInfo | null;
  /** The freshest quota reading; its count replaces the one the hold started with. */
  readonly quota?: QuotaInfo | null;
  /** Epoch ms now, for the quota's reset time; default Date.now(). */
  readonly now?: number;
  /** The words (English by default) and the window language for clock times. */
  readonly t?: BannersT;
  readonly appT?: TFunction;
  readonly engineT?: EngineT;
  readonly lang?: string;
}

/**
 * The quota left, counted one way wherever it is shown (widget and banner): the freshest reading's
 * count, or, when the service refused a submission after that reading, the count it refused with.
 */
export function quotaLeft(
  quota: QuotaInfo | null,
  hold: EngineHolds['quota'],
): { remaining: number | null; limit: number | null; daily: boolean } {
  const limit = quota?.dailyLimit ?? null;
  // Words say "today" only for a daily quota: a paid account's packages do not renew at midnight.
  const daily = quota === null || quotaIsDaily(quota);
  const fresh = quota !== null && (!hold || Date.parse(quota.checkedAt) > Date.parse(hold.since));
  if (fresh) return { remaining: quota.remaining, limit, daily };
  return { remaining: hold ? (hold.remaining ?? 0) : null, limit, daily };
}

export function quotaCountText(
  left: { remaining: number | null; limit: number | null; daily: boolean },
  t: BannersT = englishT('banners'),
): string {
  const remaining = left.remaining ?? 0;
  if (!left.daily) return t('countAll', { count: remaining });
  if (left.limit !== null && left.limit > 0) {
    return t('count', { remaining, limit: left.limit });
  }
  return t('countPlain', { count: remaining });
}

/** A message as a sentence: one final full stop, whatever the source ended with. */
function sentence(text: string): string {
  const t = text.trim().replace(/[.\s]+$/, '');
  return t === '' ? '' : `${t}.`;
}

const join = (...parts: string[]): string => parts.filter((p) => p !== '').join(' ');

export function bannersFor({
  status,
  service,
  key,
  ai,
  quota,
  now = Date.now(),
  t = englishT('banners'),
  appT,
  engineT = englishT('engine'),
  lang,
}: BannerInput): Banner[] {
  const out: Banner[] = [];
  const { holds } = status;
  const waiting = pendingOf(status.counts);
  const stay = waiting > 0 ? t('stay', { count: waiting }) : '';

  if (service.problem || service.kind === 'none') {
    out.push({
      id: 'not_configured',
      tone: 'warn',
      title: t('not_configured.title'),
      ...(service.problem
        ? { detail: engineWords(service.problem, engineT, t), detailFrom: 'window' as const }
        : { detail: '', detailFrom: 'meterdesk' as const }),
      body: join(service.problem ? '' : t('not_configured.noService'), t('not_configured.body')),
      nextCheckAt: null,
      actions: ['settings'],
    });
  }
  if (holds.auth?.kind === 'key_rejected') {
    out.push({
      id: 'key_rejected',
      tone: 'bad',
      title: t('key_rejected.title'),
      detail: sentence(holds.auth.message),
      detailFrom: 'service',
      body: join(t('key_rejected.body'), stay),
      nextCheckAt: null,
      actions: ['settings'],
    });
  }
  if (holds.auth?.kind === 'permission_denied') {
    out.push({
      id: 'permission_denied',
      tone: 'bad',
      title: t('permission_denied.title'),
      detail: sentence(holds.auth.message),
      detailFrom: 'service',
      body: join(t('permission_denied.body'), stay),
      nextCheckAt: null,
      actions: ['retry', 'settings'],
    });
  }
  if (holds.settings) {
    out.push({
      id: 'settings',
      tone: 'bad',
      title: t('settings.title'),
      detail: sentence(holds.settings.message),
      detailFrom: 'service',
      body: join(t('settings.body'), stay),
      nextCheckAt: null,
      actions: ['settings'],
    });
  }
  if (holds.offline) {
    out.push({
      id: 'offline',
      tone: 'warn',
      title: t('offline.title'),
      // The cause is said once: as the detail when the code tells it, else in the body. The
      // network layer's English is the log's, never the window's.
      detail: offlineDetail(holds.offline.code, t) ?? '',
      detailFrom: 'window',
      body: join(holds.offline.code === null ? offlineCause(null, t) : '', t('offline.body'), stay),
      nextCheckAt: holds.offline.nextProbeAt,
      actions: ['retry'],
    });
  }
  if (holds.service) {
    // The service's own pause (maintenance, overload): not a failure of the photos nor of the
    // network; the pacer waits for its Retry-After, so the countdown is the service's.
    out.push({
      id: 'service_hold',
      tone: 'info',
      title: t('service_hold.title'),
      detail: holds.service.serviceSays === '' ? '' : sentence(holds.service.serviceSays),
      detailFrom: 'service',
      body: join(t('service_hold.body'), stay),
      nextCheckAt: holds.service.retryAt,
      actions: [],
    });
  }
  if (holds.quota) {
    const reset = quotaResetAt(quota?.dayTag ?? null, now);
    const left = quotaLeft(quota ?? null, holds.quota);
    // No "retry": asking again cannot make quota; the engine checks by itself (the countdown).
    // Packages do not renew at midnight: no reset time for a quota that is not the daily pool.
    out.push({
      id: 'quota',
      tone: 'warn',
      title: left.daily ? t('quota.title') : t('quota.titleAll'),
      detail: '',
      detailFrom: 'meterdesk',
      body: join(
        quotaCountText(left, t),
        left.daily ? t('quota.resets', { at: atAndIn(reset, now, t, appT, lang) }) : '',
        stay || t('quota.newStay'),
        t('quota.body'),
      ),
      nextCheckAt: holds.quota.nextCheckAt,
      actions: [],
    });
  }
  if (ai && !ai.isOnline) {
    out.push({
      id: 'ai_offline',
      tone: 'warn',
      title: t('ai_offline.title'),
      detail: '',
      detailFrom: 'meterdesk',
      body: join(
        ai.queueCount ? t('ai_offline.bodyQueue', { count: ai.queueCount }) : t('ai_offline.body'),
        t('ai_offline.historical'),
      ),
      nextCheckAt: null,
      actions: [],
    });
  }
  if (status.paused) {
    out.push({
      id: 'paused',
      tone: 'info',
      title: t('paused.title'),
      detail: '',
      detailFrom: 'meterdesk',
      body: join(t('paused.body'), stay),
      nextCheckAt: null,
      actions: ['resume'],
    });
  }
  if (status.checkerUnavailable !== null) {
    // The loader's own text is for IT (the log has it too): shown as it came.
    out.push({
      id: 'checker_unavailable',
      tone: 'warn',
      title: t('checker_unavailable.title'),
      detail: sentence(status.checkerUnavailable),
      detailFrom: 'meterdesk',
      body: t('checker_unavailable.body'),
      nextCheckAt: null,
      actions: [],
    });
  }
  if (key.isSet && key.backend.warning) {
    out.push({
      id: 'key_storage',
      tone: 'info',
      title: t('key_storage.title'),
      detail: engineWords(key.backend.warning, engineT, t),
      detailFrom: 'window',
      body: '',
      nextCheckAt: null,
      actions: [],
    });
  }
  return out;
}
