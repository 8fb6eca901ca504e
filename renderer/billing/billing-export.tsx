// Export for billing: what is in it (finished, to review, being read, no reading yet), which
// meters ("finished and reviewed only" by default), a warning that names the flagged meters, the
// template (choose, save, import, export; decimal mark and separator among its settings) and the
// file's first lines. The notice afterwards counts readings, not rows. In an office, "Whole office"
// shows and writes every meter of the office instead (export-source.tsx): the same parts, with the
// office's counts (by route too), flagged meters and first rows, and the same template and scope.
import { useEffect, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { exportTemplateJson } from '../../common/billing/export-template';
import { flaggedMeterCount } from '../../common/billing/meter-outcome';
import { ActionDialog, useActionError } from '../components/action-dialog';
import { useT } from '../i18n/i18n';
import { formatCount } from '../i18n/format';
import { useLang } from '../i18n/use-lang';
import { useApp, useAppApi } from '../store/context';
import type { BillingPreview, OfficeUnanswered } from '../../common/ipc';
import { ExportCounts, ExportScopeChoice, type ExportScope } from './export-contents';
import { ExportPreview } from './export-preview';
import {
  ExportSourceChoice,
  useOfficeExportWords,
  useOfficeOverview,
  useOfficeUnansweredWords,
  type ExportSource,
} from './export-source';
import { TemplateFieldset } from './template-fieldset';
import { useExportTemplate } from './use-export-template';

/** This desk's first rows in the scope, asked again when the scope changes. */
function useDeskPreview(scope: ExportScope): BillingPreview | null {
  const api = useAppApi();
  const [preview, setPreview] = useState<BillingPreview | null>(null);
  useEffect(() => {
    let current = true;
    void api
      .getState()
      .billingPreview(scope)
      .then((reply) => {
        if (current && reply.ok) setPreview(reply.value);
      });
    return () => {
      current = false;
    };
  }, [api, scope]);
  return preview;
}

/** While the office has not answered, or why it did not. */
function OfficeWaiting({ why }: { why: OfficeUnanswered | null }): React.JSX.Element {
  const t = useT('billing');
  const unanswered = useOfficeUnansweredWords();
  if (why === null)
    return (
      <p className="muted small" data-testid="billing-office-waiting">
        {t('export.officeAsking')}
      </p>
    );
  return (
    <p className="banner banner-warn" role="note" data-testid="billing-office-problem">
      {unanswered(why)}
    </p>
  );
}

export function BillingExportDialog({
  onClose,
  kindSwitch,
}: {
  onClose: () => void;
  kindSwitch: ReactNode;
}): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const api = useAppApi();
  const { billing, busy, inOffice } = useApp(
    useShallow((s) => ({ billing: s.billing, busy: s.busy, inOffice: s.officeStatus !== null })),
  );
  const [scope, setScope] = useState<ExportScope>('finished');
  // A desk of the office without a route sheet of its own exports the office's meters.
  const [chosenSource, setSource] = useState<ExportSource>(() =>
    (billing?.totals.meters ?? 0) > 0 ? 'desk' : 'office',
  );
  const source: ExportSource = inOffice ? chosenSource : 'desk';
  const officeWords = useOfficeExportWords();
  const { error, setError, refused } = useActionError();
  const deskPreview = useDeskPreview(scope);
  const overview = useOfficeOverview(source === 'office', scope, refused);
  const office = overview?.state === 'ready' ? overview : null;
  const preview = source === 'office' ? (office?.preview ?? null) : deskPreview;
  const templateState = useExportTemplate(
    billing?.templateJson ?? null,
    preview?.dialect ?? null,
    setError,
  );
  const { forExport: template, problem } = templateState;
  const n = (v: number): string => formatCount(v, lang);

  const run = async (): Promise<void> => {
    if (problem) return;
    setError(null);
    if (source === 'office') {
      await runOffice();
      return;
    }
    const state = api.getState();
    const reply = await state.exportBilling(exportTemplateJson(template), scope);
    if (refused(reply)) return;
    const done = reply.value;
    if (!done) return;
    state.notify(
      'ok',
      [
        t('export.done', { readings: n(done.readings), skipped: n(done.skipped), path: done.path }),
        done.replaced > 0 ? t('export.replaced', { n: n(done.replaced) }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      done.path,
    );
    onClose();
  };

  const runOffice = async (): Promise<void> => {
    const state = api.getState();
    const reply = await state.exportOfficeBilling(exportTemplateJson(template), scope);
    if (refused(reply)) return;
    if (!reply.value) return;
    const words = officeWords(reply.value);
    if (!words.ok) {
      setError(words.text);
      return;
    }
    state.notify('ok', words.text, reply.value.state === 'written' ? reply.value.path : undefined);
    onClose();
  };

  // The counts and flagged meters of what is chosen: this desk's overview, or the office's.
  const contents =
    source === 'office'
      ? office && { totals: office.totals, routes: office.routes, flagged: office.flaggedMeters }
      : billing && { totals: billing.totals, routes: undefined, flagged: billing.flaggedMeters };
  return (
    <ActionDialog
      title={t('export.title')}
      onClose={onClose}
      cancelLabel={t('sheet.cancel')}
      action={{
        label: t('export.run'),
        run,
        disabled: busy || problem !== null,
        testId: 'billing-export-run',
      }}
      error={error}
    >
      {kindSwitch}
      {inOffice && <ExportSourceChoice source={source} setSource={setSource} />}
      {source === 'office' && overview?.state !== 'ready' && <OfficeWaiting why={overview} />}
      {contents && <ExportCounts totals={contents.totals} routes={contents.routes} />}
      <ExportScopeChoice
        scope={scope}
        setScope={setScope}
        flagged={contents?.flagged ?? []}
        moreFlagged={contents ? flaggedMeterCount(contents.totals) - contents.flagged.length : 0}
      />
      <TemplateFieldset {...templateState} sheetColumns={preview?.sheetColumns ?? []} />
      <ExportPreview
        preview={preview}
        template={template}
        followsSheet={templateState.followsSheet}
      />
    </ActionDialog>
  );
}
