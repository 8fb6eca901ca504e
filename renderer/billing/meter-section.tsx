// The billing part of the photo detail: the photo's meter in full, a way to change it (or to
// choose one when none matched), and, when the photo gave no reading, hand entry and skip codes.
// A meter shown without a photo (a row of the meter list) gets the same below MeterAlone.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MeterDetail } from '../../common/ipc';
import type { JobRecord } from '../../common/job-record';
import { Icon } from '../components/icon';
import { useT } from '../i18n/i18n';
import { useApp, useAppApi } from '../store/context';
import { CodeMismatchNote } from './code-mismatch-note';
import { HandEntry, SkipForm } from './meter-entry';
import { MeterFacts } from './meter-facts';
import { MeterDecisions } from './meter-decisions';
import { MeterPicker } from './meter-picker';
import { OfficeReviewPanel } from './office-review-panel';

/** The meter's reading was typed by hand: the form stays to change it. */
const typedBy = (detail: MeterDetail): boolean => detail.decision?.decision.kind === 'typed';

/** The photo's meter and its check, shown above the review so the clerk reads both together. */
export function MeterSummary({ job }: { job: JobRecord }): React.JSX.Element | null {
  const api = useAppApi();
  const detail = useApp((s) => s.meterOfDetail);
  useEffect(() => {
    void api.getState().showMeterOfJob(job.meterId);
  }, [api, job.id, job.meterId, job.updatedAt]);
  // Whatever loaded another meter meanwhile (a row, a skip, a late answer), the photo's own meter
  // is what this part shows: asked for again whenever the one held is not it.
  const held = detail?.meter.meterId ?? null;
  useEffect(() => {
    if (job.meterId !== null && held !== job.meterId) {
      void api.getState().loadMeterOfDetail(job.meterId);
    }
  }, [api, job.meterId, held]);
  const shown = job.meterId !== null && detail?.meter.meterId === job.meterId ? detail : null;
  return shown ? (
    <>
      <CodeMismatchNote detail={shown} job={job} />
      <MeterFacts detail={shown} job={job} />
      <OfficeReviewPanel meterId={shown.meter.meterId} />
    </>
  ) : null;
}

/** Below the review: the photo's meter changed or chosen, hand entry and skip codes. */
export function MeterActions({ job }: { job: JobRecord }): React.JSX.Element | null {
  const t = useT('billing');
  const { hasMeters, detail } = useApp(
    useShallow((s) => ({
      hasMeters: (s.billing?.totals.meters ?? 0) > 0,
      detail: s.meterOfDetail,
    })),
  );
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    setPicking(false);
  }, [job.id]);
  if (!hasMeters) return null;
  if (job.meterId === null) {
    return (
      <section className="meter-section" aria-label={t('picker.label')}>
        <p className="detail-note" role="note">
          <Icon name="info" /> {t('detail.noMeter')}
        </p>
        <MeterPicker jobId={job.id} current={null} />
      </section>
    );
  }
  const shown = detail?.meter.meterId === job.meterId ? detail : null;
  const noReading = job.state === 'failed' || (job.state === 'done' && job.aiReading === null);
  return (
    <section className="meter-section" aria-label={t('picker.label')}>
      {picking ? (
        <MeterPicker
          jobId={job.id}
          current={job.meterId}
          onDone={() => {
            setPicking(false);
          }}
        />
      ) : (
        job.reviewAction === null && (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              setPicking(true);
            }}
            data-testid="change-meter"
          >
            {t('picker.change')}
          </button>
        )
      )}
      {shown && noReading && (shown.state !== 'confirmed' || typedBy(shown)) && (
        <HandEntry meter={shown.meter} readDay={shown.readDay} />
      )}
      {shown && shown.state !== 'confirmed' && shown.state !== 'skipped' && (
        <SkipForm meterId={job.meterId} />
      )}
      {shown && <MeterDecisions detail={shown} photoReading={!noReading} />}
    </section>
  );
}

/** Its photos are held, unreadable or on their way: the facts say so, not "no photo yet". */
const photoSaid = (detail: MeterDetail): boolean =>
  ['held', 'unread', 'being_read'].includes(detail.said?.code ?? '');

/** A meter without a photo, opened from the meter list: its facts, hand entry and skip. */
export function MeterAlone(): React.JSX.Element | null {
  const t = useT('billing');
  const api = useAppApi();
  const detail = useApp((s) => s.meterOfDetail);
  // Another desk read it: the office panel says where and what, so not "no photo yet".
  const readElsewhere = useApp((s) => {
    const view = s.officeMeterId === s.meterOfDetail?.meter.meterId ? s.officeMeter : null;
    return view?.state === 'shown' && view.readElsewhere.length > 0;
  });
  if (!detail) return null;
  const open = detail.state !== 'confirmed' && detail.state !== 'skipped';
  const photoReading = detail.chosenJobId !== null && detail.decision?.decision.kind !== 'typed';
  return (
    <aside className="detail" aria-label={t('detail.title')} data-testid="meter-alone">
      <div className="detail-head">
        <div className="detail-title">
          <h2>{detail.meter.meterId}</h2>
          <p className="muted small">{detail.meter.address ?? ''}</p>
        </div>
        <button
          type="button"
          className="btn btn-icon btn-quiet"
          aria-label={t('detail.close')}
          onClick={() => {
            api.getState().closeMeterAlone();
          }}
        >
          <Icon name="close" />
        </button>
      </div>
      {detail.chosenJobId === null && !photoSaid(detail) && !readElsewhere && (
        <p className="detail-note" role="note">
          <Icon name="info" /> {t('detail.noPhoto')}
        </p>
      )}
      <MeterFacts detail={detail} job={null} />
      <OfficeReviewPanel meterId={detail.meter.meterId} />
      {(open || typedBy(detail)) && <HandEntry meter={detail.meter} readDay={detail.readDay} />}
      {open && <SkipForm meterId={detail.meter.meterId} />}
      <MeterDecisions detail={detail} photoReading={photoReading} />
    </aside>
  );
}
