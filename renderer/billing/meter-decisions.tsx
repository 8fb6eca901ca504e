// A meter's decision in the detail: the one that stands, with Undo (the one before it stands
// again), its notes (an exchange, an estimate and how many in a row, a re-read waiting), and the
// ways to decide what a reading that does not fit means: the meter was exchanged, it goes back
// to the field for a re-read, or it is estimated. Skips and typed readings have their own forms.
import { useEffect, useState } from 'react';
import type { MeterDetail } from '../../common/ipc';
import { Icon } from '../components/icon';
import { describeError } from '../lib/errors';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useAppApi } from '../store/context';
import { EstimateForm, ExchangeForm, RereadForm } from './decision-forms';
import { decisionLine, decisionNoteWords } from './decision-words';
import { useDecisionRefusal } from './office-review-words';

type Open = 'exchange' | 'reread' | 'estimate' | null;
const OPENERS = ['exchange', 'reread', 'estimate'] as const;

export function MeterDecisions({
  detail,
  photoReading,
}: {
  detail: MeterDetail;
  /** The meter's photo gave a reading (an exchange can use it). */
  photoReading: boolean;
}): React.JSX.Element {
  const t = useT('decisions');
  const tBilling = useT('billing');
  const errorsT = useT('errors');
  const lang = useLang();
  const api = useAppApi();
  const meterId = detail.meter.meterId;
  const [open, setOpen] = useState<Open>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refusal = useDecisionRefusal();
  useEffect(() => {
    setOpen(null);
    setProblem(null);
  }, [meterId]);
  const stored = detail.decision ?? null;
  const notes = detail.decisionNotes ?? [];
  const undo = async (): Promise<void> => {
    const reply = await api.getState().undoMeterDecision(meterId);
    if (!reply.ok) setProblem(describeError(reply.error, errorsT));
    else if (!reply.value.done) setProblem(refusal(reply.value));
    else setProblem(null);
  };
  const done = (): void => {
    setOpen(null);
  };
  return (
    <section className="meter-decisions" aria-label={t('title')} data-testid="meter-decisions">
      <h3 className="section-title">{t('title')}</h3>
      {stored && (
        <div className="decision-now" data-testid="decision-now">
          <span>{decisionLine(stored, t, tBilling, lang, meterId)}</span>
          {stored.desk !== undefined && (
            <span className="decision-desk" data-testid="decision-desk">
              {t('atDesk', { desk: stored.desk })}
            </span>
          )}
          <button
            type="button"
            className="btn btn-small btn-quiet"
            title={t('undoLabel')}
            onClick={() => void undo()}
            data-testid="decision-undo"
          >
            <Icon name="retry" /> {t('undo')}
          </button>
        </div>
      )}
      {notes.length > 0 && (
        // A note about the decision, read as one; the <ul> keeps its list role for the items.
        <div role="note">
          <ul className="decision-notes" data-testid="decision-notes">
            {notes.map((n) => (
              <li
                key={n.code}
                className={n.code === 'estimates_in_a_row' ? 'field-problem' : undefined}
              >
                {decisionNoteWords(n, t, lang)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="decision-actions" role="group" aria-label={t('title')}>
        {OPENERS.map((o) => (
          <button
            key={o}
            type="button"
            className={`btn btn-small${open === o ? '' : ' btn-quiet'}`}
            aria-expanded={open === o}
            onClick={() => {
              setOpen(open === o ? null : o);
              setProblem(null);
            }}
            data-testid={`decision-open-${o}`}
          >
            {t(`open.${o}`)}
          </button>
        ))}
      </div>
      {open === 'exchange' && (
        <ExchangeForm detail={detail} onDone={done} photoReading={photoReading} />
      )}
      {open === 'reread' && <RereadForm detail={detail} onDone={done} />}
      {open === 'estimate' && <EstimateForm detail={detail} onDone={done} />}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
