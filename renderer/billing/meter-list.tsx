// The meters in walking order with where each stands, filtered: flagged, confirmed, skipped, no
// photo, two photos for one meter, photos without a meter. A row opens its photo (or the meter
// alone) in the detail. The list is one Tab stop; the arrow keys move through it.
import { useShallow } from 'zustand/react/shallow';
import { METER_FILTERS, type MeterFilter, type MeterRow } from '../../common/ipc';
import { flaggedMeterCount } from '../../common/billing/meter-outcome';
import { useT } from '../i18n/i18n';
import { formatCount, formatReading } from '../i18n/format';
import { useApp, useAppApi } from '../store/context';
import { useLang } from '../i18n/use-lang';
import { useRovingFocus } from '../hooks/use-roving-focus';

const TONE: Record<MeterRow['state'], string> = {
  confirmed: 'tag-ok',
  not_checked: 'tag-attn',
  flagged: 'tag-attn',
  skipped: '',
  pending: '',
  missing: 'tag-attn',
  unmatched: 'tag-attn',
};

function countOf(filter: MeterFilter, s: ReturnType<typeof useCounts>): number | null {
  if (!s) return null;
  if (filter === 'all') return s.totals.meters;
  if (filter === 'two_photos') return s.twoPhotos;
  if (filter === 'reread') return s.rereads ?? 0;
  if (filter === 'unmatched') return s.unmatchedPhotos;
  // "Flagged" lists every meter that waits for a person, the not-checked ones too.
  if (filter === 'flagged') return flaggedMeterCount(s.totals);
  return s.totals[filter];
}

/** A reading nobody looked at passed the checks; only a person's review says "confirmed by you". */
function stateWord(
  r: MeterRow,
  t: ReturnType<typeof useT<'billing'>>,
  tDecisions: ReturnType<typeof useT<'decisions'>>,
): string {
  // Missing because its photo is held by the photo checks: the row says so, not just "Missing".
  if (r.said?.code === 'held') return tDecisions('heldTag');
  if (r.state !== 'confirmed') return t(`states.${r.state}`);
  // An estimate neither passed checks nor was confirmed: it says it is one.
  if (r.confirmation === 'estimated') return tDecisions('readType.estimated');
  if (r.confirmation === 'auto_accepted') return t('states.passedChecks');
  if (r.confirmation === 'confirmed' || r.confirmation === 'corrected') {
    return t('states.confirmedByYou');
  }
  return t('states.confirmed');
}

function useCounts() {
  return useApp((s) => s.billing);
}

export function MeterList(): React.JSX.Element {
  const t = useT('billing');
  const tDecisions = useT('decisions');
  const lang = useLang();
  const api = useAppApi();
  const counts = useCounts();
  const { filter, search, page, selectedId, meterShown } = useApp(
    useShallow((s) => ({
      filter: s.meterFilter,
      search: s.meterSearch,
      page: s.meterPage,
      selectedId: s.selectedId,
      meterShown: s.meterOfDetail?.meter.meterId ?? null,
    })),
  );
  const rows = page?.rows ?? [];
  // The list is one Tab stop: the arrow keys go through the meters.
  const roving = useRovingFocus(rows.length);
  return (
    <section className="meter-list" aria-label={t('filters.label')}>
      <div className="filters" role="group" aria-label={t('filters.label')}>
        {METER_FILTERS.map((f) => {
          const n = countOf(f, counts);
          return (
            <button
              key={f}
              type="button"
              className={`filter${f === filter ? ' filter-active' : ''}`}
              aria-pressed={f === filter}
              onClick={() => void api.getState().setMeterFilter(f)}
              data-testid={`meter-filter-${f}`}
            >
              {t(`filters.${f}`)}
              {n !== null && <span className="filter-count">{formatCount(n, lang)}</span>}
            </button>
          );
        })}
        <input
          type="search"
          className="input input-inline meter-search"
          aria-label={t('filters.search')}
          placeholder={t('filters.search')}
          value={search}
          onChange={(e) => void api.getState().setMeterFilter(filter, e.target.value)}
        />
      </div>
      {rows.length === 0 ? (
        <p className="muted small">{t('filters.empty')}</p>
      ) : (
        <div
          className="meter-rows"
          role="listbox"
          aria-label={t('filters.label')}
          onKeyDown={roving.onKeyDown}
          data-testid="meter-rows"
        >
          {rows.map((r, i) => {
            const active =
              (r.jobId !== null && r.jobId === selectedId) ||
              (selectedId === null && r.meterId !== null && r.meterId === meterShown);
            return (
              <button
                type="button"
                role="option"
                aria-selected={active}
                tabIndex={roving.tabIndexOf(i)}
                data-roving
                key={r.meterId ?? `photo-${String(r.jobId)}`}
                className={`meter-row${active ? ' meter-row-active' : ''}`}
                onFocus={() => {
                  roving.focused(i);
                }}
                onClick={() => {
                  api.getState().openMeterRow(r);
                }}
                data-testid="meter-row"
                data-meter={r.meterId ?? ''}
              >
                <span className="num muted">{r.sequence ?? ''}</span>
                {r.meterId !== null ? (
                  <>
                    <span className="mono meter-row-wraps" data-i18n-skip="data">
                      {r.meterId}
                    </span>
                    <span className="ellipsis" title={r.address ?? undefined} data-i18n-skip="data">
                      {r.address ?? ''}
                    </span>
                  </>
                ) : (
                  // A photo without a meter: its file name once, across the id's and address's room.
                  <span
                    className="meter-row-photo meter-row-wraps"
                    title={r.photo ?? undefined}
                    data-i18n-skip="data"
                  >
                    {r.photo ?? ''}
                  </span>
                )}
                <span className={`tag ${TONE[r.state]}`}>{stateWord(r, t, tDecisions)}</span>
                <span className="num">{r.reading ? formatReading(r.reading, lang) : '–'}</span>
              </button>
            );
          })}
        </div>
      )}
      {page && page.total > rows.length && (
        <p className="muted small">
          {t('filters.more', {
            shown: formatCount(rows.length, lang),
            total: formatCount(page.total, lang),
          })}
        </p>
      )}
    </section>
  );
}
