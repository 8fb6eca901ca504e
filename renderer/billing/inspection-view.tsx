// The inspection list in the window (issue 33, item 5): the meters worth a visit, ranked by the
// same function `meter-desk export --inspection` writes (main/billing/history/inspection-rows.ts),
// each with its reason and numbers worded in the window's language from its code.
import { slight } from '../../common/billing/history-inspection-english';
import type { InspectionViewRow } from '../../common/ipc';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icon';
import { formatAmount, formatCount, formatDay } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useApp, useAppApi } from '../store/context';

type HistoryT = ReturnType<typeof useT<'history'>>;
type Lang = ReturnType<typeof useLang>;

export function InspectionButton(): React.JSX.Element {
  const t = useT('history');
  const api = useAppApi();
  return (
    <button
      type="button"
      className="btn btn-quiet"
      onClick={() => void api.getState().openInspection()}
      data-testid="open-inspection"
    >
      <Icon name="search" /> {t('inspection.button')}
    </button>
  );
}

/** A row's reason from its code and numbers, as history-inspection-english.ts says it in English. */
export function inspectionWords(row: InspectionViewRow, t: HistoryT, lang: Lang): string {
  const p = row.params;
  const num = (key: string): number => Number(p[key] ?? NaN);
  const day = typeof p.since === 'string' && p.since !== '' ? formatDay(p.since, lang) : null;
  const since = day === null ? '' : t('inspection.since', { since: day });
  switch (row.code) {
    case 'zero_streak':
      return t('inspection.code.zero_streak', { count: num('count'), since });
    case 'vacant_use':
      return t('inspection.code.vacant_use', { used: formatAmount(num('used'), lang), since });
    case 'falling':
      return t('inspection.code.falling', {
        // A fall that rounds to nothing is said as less than the least it could show.
        percent: slight(p)
          ? t('inspection.lessThan', { amount: formatAmount(0.1, lang) })
          : formatAmount(Math.abs(num('percent')), lang),
        periods: formatCount(num('periods'), lang),
        since,
      });
  }
}

export function InspectionView(): React.JSX.Element | null {
  const t = useT('history');
  const lang = useLang();
  const api = useAppApi();
  const shown = useApp((s) => s.inspection);
  if (shown === null) return null;
  const close = (): void => {
    api.getState().closeInspection();
  };
  return (
    <Dialog
      title={t('inspection.title')}
      onClose={close}
      footer={
        <button type="button" className="btn btn-primary" onClick={close}>
          {t('inspection.close')}
        </button>
      }
    >
      <div className="inspection-body" data-testid="inspection-view">
        <p className="muted small">{t('inspection.intro')}</p>
        {!shown.withHistory ? (
          <p data-testid="inspection-empty">{t('inspection.noHistory')}</p>
        ) : shown.rows.length === 0 ? (
          <p data-testid="inspection-empty">{t('inspection.empty')}</p>
        ) : (
          <>
            <p className="small" data-testid="inspection-count">
              {t('inspection.count', { count: shown.rows.length })}
            </p>
            <ol className="inspection-list">
              {shown.rows.map((row) => (
                <li
                  key={row.meterId}
                  data-testid="inspection-row"
                  data-meter={row.meterId}
                  data-code={row.code}
                >
                  <span className="inspection-rank" aria-label={t('inspection.rank')}>
                    {formatCount(row.rank, lang)}
                  </span>
                  <span className="inspection-what">
                    <span className="inspection-meter">
                      <strong>{row.meterId}</strong>
                      {row.route !== null && <span className="muted"> · {row.route}</span>}
                      {row.address !== null && <span className="muted"> · {row.address}</span>}
                    </span>
                    <span className="inspection-reason">{inspectionWords(row, t, lang)}</span>
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </Dialog>
  );
}
