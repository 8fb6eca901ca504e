// In office mode a reading typed by hand or a skip is a meter decision like the others: made in
// the office first with the version the clerk saw (the decideMeter call), so a second clerk's
// change to the same meter is refused with who made it and what. Without an office the forms keep
// their own calls (typeReading, recordSkip), as before.
import type { DecisionRequest } from '../../common/billing/decision-rules';
import { useT } from '../i18n/i18n';
import { describeError } from '../lib/errors';
import { useApp, useAppApi } from '../store/context';
import { useDecisionRefusal } from './office-review-words';

/** Null without an office; else the decision's call, answering what to say (null: made). */
export function useOfficeDecision():
  ((meterId: string, request: DecisionRequest) => Promise<string | null>) | null {
  const api = useAppApi();
  const inOffice = useApp((s) => s.officeStatus !== null);
  const refusal = useDecisionRefusal();
  const errorsT = useT('errors');
  if (!inOffice) return null;
  return async (meterId, request) => {
    const reply = await api.getState().decideMeter(meterId, request);
    if (!reply.ok) return describeError(reply.error, errorsT);
    if (!reply.value.done) return refusal(reply.value);
    // The photo shown follows too (a failed photo's meter now has its reading).
    const shown = api.getState().selectedId;
    if (shown !== null) await api.getState().loadDetail(shown);
    return null;
  };
}
