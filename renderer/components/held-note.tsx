// Under the run's progress: the photos the quality check held, per reason, and the readings they
// did not cost. Asked again whenever the number held changes.
import { useEffect } from 'react';
import { HOLD_REASONS } from '../../common/photo-checks';
import { useT } from '../i18n/i18n';
import { useApp, useAppApi } from '../store/context';

export function HeldNote({ held }: { held: number }): React.JSX.Element | null {
  const t = useT('states');
  const api = useAppApi();
  const view = useApp((s) => s.photoChecks);
  useEffect(() => {
    if (held > 0) void api.getState().loadPhotoChecks();
  }, [api, held]);
  if (held === 0 || !view) return null;
  const reasons = HOLD_REASONS.filter((r) => (view.held[r] ?? 0) > 0)
    .map((r) => `${String(view.held[r] ?? 0)} ${t(`checks.reason.${r}`)}`)
    .join(', ');
  return (
    <p className="small muted held-note" data-testid="held-note">
      {t('heldNote', { count: held, reasons, saved: view.quotaSaved })}
    </p>
  );
}
