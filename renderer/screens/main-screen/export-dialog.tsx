// Export to CSV for billing: everything, what the table shows now, or one folder; with a byte
// order mark for Excel and a choice of delimiter. Main asks where to save; the notice afterwards
// can show the file.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { baseName } from '../../lib/format';
import type { JobSelection } from '../../lib/selection';
import { useApp, useAppApi } from '../../store/context';
import { ActionDialog, useActionError } from '../../components/action-dialog';
import { CheckChoice, ChoiceFieldset } from '../../components/choice-fieldset';
import { BillingExportDialog } from '../../billing/billing-export';
import { ReturnFileDialog } from '../../billing/return-file-dialog';
import { ExportQuestion, type ExportAnswer } from '../../billing/export-question';
import { useT } from '../../i18n/i18n';

type Scope = 'all' | 'view' | 'folder';

export function ExportDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const api = useAppApi();
  const t = useT('export');
  const { query, roots, busy } = useApp(
    useShallow((s) => ({ query: s.query, roots: s.roots, busy: s.busy })),
  );
  const [scope, setScope] = useState<Scope>('all');
  const [rootId, setRootId] = useState<number | null>(query.rootId ?? roots[0]?.id ?? null);
  const [bom, setBom] = useState(true);
  const [delimiter, setDelimiter] = useState<',' | ';'>(',');
  const { error, setError, refused } = useActionError();
  // With a route sheet loaded, billing wants one row per meter: that export comes first. In an
  // office it is offered without one too: the office's meters (billing-export.tsx).
  const hasMeters = useApp((s) => (s.billing?.totals.meters ?? 0) > 0 || s.officeStatus !== null);
  // With an order file from billing loaded, billing wants that file back: its return comes first.
  const orderFile = useApp((s) => s.billing?.orderFile ?? null);
  const [kind, setKind] = useState<ExportAnswer<'orderKind'>>(
    orderFile ? 'return' : hasMeters ? 'billing' : 'photos',
  );
  const kindSwitch = orderFile ? (
    <ExportQuestion question="orderKind" value={kind} onChange={setKind} />
  ) : hasMeters ? (
    <ExportQuestion
      question="kind"
      value={kind === 'return' ? 'billing' : kind}
      onChange={setKind}
    />
  ) : null;

  const viewWords = [
    t(`filter.${query.filter}`),
    query.rootId !== null
      ? t('inFolder', {
          folder: baseName(roots.find((r) => r.id === query.rootId)?.path ?? ''),
        })
      : '',
    query.search.trim() ? t('matching', { search: query.search.trim() }) : '',
  ]
    .filter(Boolean)
    .join(' ');

  const selection = (): JobSelection => {
    if (scope === 'all') return {};
    if (scope === 'folder') return rootId !== null ? { rootId } : {};
    return {
      filter: query.filter,
      ...(query.rootId !== null && { rootId: query.rootId }),
      ...(query.search.trim() && { search: query.search.trim() }),
    };
  };

  const run = async (): Promise<void> => {
    setError(null);
    const exported = await api.getState().exportCsv({ selection: selection(), bom, delimiter });
    if (!refused(exported)) onClose();
  };

  const folderPicker = (
    <select
      className="input input-inline"
      aria-label={t('folderLabel')}
      value={rootId ?? ''}
      disabled={scope !== 'folder'}
      onChange={(e) => {
        setRootId(Number(e.target.value));
      }}
    >
      {roots.map((r) => (
        <option key={r.id} value={r.id} data-i18n-skip="data">
          {baseName(r.path)}
        </option>
      ))}
    </select>
  );

  if (kind === 'return' && orderFile)
    return <ReturnFileDialog orderFile={orderFile} onClose={onClose} kindSwitch={kindSwitch} />;
  if (kind === 'billing' && hasMeters)
    return <BillingExportDialog onClose={onClose} kindSwitch={kindSwitch} />;

  return (
    <ActionDialog
      title={t('title')}
      onClose={onClose}
      cancelLabel={t('cancel')}
      action={{
        label: t('run'),
        run,
        disabled: busy || (scope === 'folder' && rootId === null),
        testId: 'export-run',
      }}
      error={error}
    >
      {kindSwitch}
      <ChoiceFieldset
        legend={t('which')}
        choices={{
          all: t('everything'),
          view: t('view', { what: viewWords }),
          folder: t('folder'),
        }}
        value={scope}
        onChange={setScope}
        disabled={roots.length === 0 ? ['folder'] : []}
        after={{ folder: folderPicker }}
      />
      <ChoiceFieldset
        legend={t('format')}
        choices={{ ',': t('comma'), ';': t('semicolon') }}
        value={delimiter}
        onChange={setDelimiter}
      >
        <CheckChoice checked={bom} onChange={setBom}>
          {t('bom')}
        </CheckChoice>
      </ChoiceFieldset>
    </ActionDialog>
  );
}
