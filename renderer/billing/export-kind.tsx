// The export dialog's first choice once a route sheet is loaded: for billing (one row per meter)
// or the per-photo CSV of before.
import { useT } from '../i18n/i18n';

export function ExportKind({
  kind,
  onChange,
}: {
  kind: 'billing' | 'photos';
  onChange: (kind: 'billing' | 'photos') => void;
}): React.JSX.Element {
  const t = useT('billing');
  return (
    <fieldset className="fieldset">
      <legend>{t('export.kind')}</legend>
      <label className="choice">
        <input
          type="radio"
          name="export-kind"
          checked={kind === 'billing'}
          onChange={() => {
            onChange('billing');
          }}
          data-testid="export-kind-billing"
        />
        {t('export.billing')}
      </label>
      <label className="choice">
        <input
          type="radio"
          name="export-kind"
          checked={kind === 'photos'}
          onChange={() => {
            onChange('photos');
          }}
          data-testid="export-kind-photos"
        />
        {t('export.photos')}
      </label>
    </fieldset>
  );
}
