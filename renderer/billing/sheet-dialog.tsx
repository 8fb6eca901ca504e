// Loading a route sheet, step by step: its columns mapped to MeterDesk's fields (the last mapping
// or the headers' suggestion first, the sheet's first rows beside it), then either the
// row-numbered problems (nothing was loaded) or what was loaded and matched.
import { useState } from 'react';
import type { ColumnMapping } from '../../common/billing/column-mapping';
import {
  METER_FIELDS,
  REQUIRED_METER_FIELDS,
  type MeterField,
} from '../../common/billing/meter-record';
import { checksOffWithout } from '../../common/billing/plausibility-inputs';
import type { SheetPreview } from '../../common/ipc';
import { ActionDialog } from '../components/action-dialog';
import { Dialog } from '../components/dialog';
import { ruleNames } from './rule-words';
import { encodingGuessWords, rowProblemWords } from './sheet-words';
import { useT } from '../i18n/i18n';
import { formatCount } from '../i18n/format';
import { useApp, useAppApi } from '../store/context';
import { useLang } from '../i18n/use-lang';
import { OrderFileLoaded, OrderFileStep } from './order-file-dialog';
import { defaultSheetFolders, FolderChoice } from './sheet-folders';

export { defaultSheetFolders } from './sheet-folders';

const DELIMITER_WORDS: Record<string, string> = { '\t': 'TAB' };

/** A file from billing in a layout no built-in profile recognises: read with the clerk's profile. */
function AsOrderFile({ path }: { path: string }): React.JSX.Element {
  const t = useT('orderFiles');
  const api = useAppApi();
  return (
    <button
      type="button"
      className="btn btn-quiet"
      onClick={() => {
        api.getState().readAsOrderFile(path);
      }}
      data-testid="sheet-as-order-file"
    >
      {t('load.asOrderFile')}
    </button>
  );
}

function MappingStep({ preview }: { preview: SheetPreview }): React.JSX.Element {
  const t = useT('billing');
  const api = useAppApi();
  const [fields, setFields] = useState<ColumnMapping['fields']>(preview.mapping.fields);
  const [dateOrder, setDateOrder] = useState(
    preview.mapping.dateOrder ?? preview.dateOrderHint ?? 'day_first',
  );
  const [busy, setBusy] = useState(false);
  const [folders, setFolders] = useState<string[]>(() => defaultSheetFolders(api.getState().roots));
  const close = (): void => {
    api.getState().closeSheetStep();
  };
  const missingId = !fields.meterId;
  // The columns no field takes go along with each meter, for an export template to carry back
  // (main/billing/sheet-other-columns.ts: blank and repeated headers left out).
  const taken = new Set(Object.values(fields));
  const others = [...new Set(preview.headers.filter((h) => h !== '' && !taken.has(h)))];
  const choose = (field: MeterField, header: string): void => {
    setFields((f) => {
      // One column fills one field: choosing it here frees it elsewhere.
      const entries = Object.entries(f).filter(
        ([k, h]) => k !== field && (header === '' || h !== header),
      );
      return Object.fromEntries(header ? [...entries, [field, header]] : entries);
    });
  };
  const load = async (): Promise<void> => {
    setBusy(true);
    await api.getState().loadRouteSheet({ version: 1, fields, dateOrder }, folders);
    setBusy(false);
  };
  return (
    <ActionDialog
      title={t('sheet.mapTitle', { name: preview.name })}
      onClose={close}
      cancelLabel={t('sheet.cancel')}
      action={{
        label: t('sheet.load'),
        run: load,
        disabled: busy || missingId,
        testId: 'sheet-load',
      }}
    >
      <p className="muted small">
        {t('sheet.format', {
          encoding: preview.encoding,
          delimiter: DELIMITER_WORDS[preview.delimiter] ?? preview.delimiter,
        })}
      </p>
      {preview.encodingGuess && (
        <p className="hint">{encodingGuessWords(preview.encodingGuess, t)}</p>
      )}
      <p>{preview.mappingSource === 'saved' ? t('sheet.saved') : t('sheet.suggested')}</p>
      {missingId && (
        <p className="field-problem" role="alert">
          {t('sheet.required')}
        </p>
      )}
      <p className="muted small">{t('sheet.checksOffLead')}</p>
      <div className="mapping-grid" role="group" aria-label={t('sheet.column')}>
        {METER_FIELDS.map((field) => (
          <label key={field} className="mapping-row">
            <span>
              {t(`sheet.fields.${field}`)}{' '}
              <span className="muted small">
                (
                {REQUIRED_METER_FIELDS.includes(field)
                  ? t('sheet.requiredTag')
                  : t('sheet.optionalTag')}
                )
              </span>
              {!fields[field] && checksOffWithout(field).length > 0 && (
                <span className="mapping-off small" data-testid={`checks-off-${field}`}>
                  {t('sheet.checksOff', { checks: ruleNames(checksOffWithout(field), t) })}
                </span>
              )}
            </span>
            <select
              className="input"
              value={fields[field] ?? ''}
              onChange={(e) => {
                choose(field, e.target.value);
              }}
              data-testid={`map-${field}`}
            >
              <option value="">{t('sheet.none')}</option>
              {preview.headers.map((h) => (
                <option key={h} value={h} data-i18n-skip="data">
                  {h}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {others.length > 0 && (
        <p className="hint" data-testid="sheet-other-columns">
          {t('sheet.otherColumns', { columns: others.join(', ') })}
        </p>
      )}
      <label className="mapping-row">
        <span>{t('sheet.dateOrder')}</span>
        <select
          className="input"
          value={dateOrder}
          onChange={(e) => {
            setDateOrder(e.target.value === 'month_first' ? 'month_first' : 'day_first');
          }}
        >
          <option value="day_first">{t('sheet.dayFirst')}</option>
          <option value="month_first">{t('sheet.monthFirst')}</option>
        </select>
      </label>
      {preview.dateOrderHint && (
        <p className="hint muted">
          {preview.dateOrderHint === 'day_first'
            ? t('sheet.hintDayFirst')
            : t('sheet.hintMonthFirst')}
        </p>
      )}
      <FolderChoice chosen={folders} onChange={setFolders} />
      <p>
        <AsOrderFile path={preview.path} />
      </p>
      <h3 className="section-title">{t('sheet.preview')}</h3>
      {/* Scrolls both ways: focusable, so the keyboard can scroll it too. */}
      <div className="sheet-preview" tabIndex={0} role="region" aria-label={t('sheet.preview')}>
        <table>
          <thead>
            <tr>
              {preview.headers.map((h, i) => (
                <th key={`${h}-${String(i)}`} scope="col" data-i18n-skip="data">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.sampleRows.slice(0, 3).map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} data-i18n-skip="data">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ActionDialog>
  );
}

export function SheetDialog(): React.JSX.Element | null {
  const t = useT('billing');
  const lang = useLang();
  const api = useAppApi();
  const step = useApp((s) => s.sheetStep);
  const [mapping, setMapping] = useState(false);
  const close = (): void => {
    setMapping(false);
    api.getState().closeSheetStep();
  };
  if (step.kind === 'idle') return null;
  if (step.kind === 'order')
    return <OrderFileStep preview={step.preview} failed={step.failed} onClose={close} />;
  if (step.kind === 'orderLoaded') return <OrderFileLoaded result={step.result} onClose={close} />;
  if (step.kind === 'mapping') return <MappingStep preview={step.preview} />;
  if (step.kind === 'problems' && mapping && step.preview)
    return <MappingStep preview={step.preview} />;
  const closeButton = (
    <button type="button" className="btn btn-primary" onClick={close} data-testid="sheet-close">
      {t('sheet.close')}
    </button>
  );
  if (step.kind === 'problems') {
    return (
      <Dialog
        title={t('sheet.problemsTitle', { name: step.name })}
        onClose={close}
        footer={
          <>
            <AsOrderFile path={step.path} />
            {step.preview && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setMapping(true);
                }}
              >
                {t('sheet.changeMapping')}
              </button>
            )}
            {closeButton}
          </>
        }
      >
        <p>{t('sheet.problemsLead')}</p>
        <ul className="problem-list" data-testid="sheet-problems" tabIndex={0}>
          {step.problems.map((p, i) => (
            <li key={i}>{rowProblemWords(p, t, lang)}</li>
          ))}
        </ul>
        {step.moreProblems > 0 && (
          <p className="muted">
            {t('sheet.moreProblems', { n: formatCount(step.moreProblems, lang) })}
          </p>
        )}
      </Dialog>
    );
  }
  const r = step.result;
  return (
    <Dialog title={t('sheet.loadedTitle')} onClose={close} footer={closeButton}>
      <p data-testid="sheet-loaded">
        <strong data-i18n-skip="data">{step.name}</strong>:{' '}
        {t('sheet.loaded', {
          meters: formatCount(r.meters, lang),
          added: formatCount(r.added, lang),
          updated: formatCount(r.updated, lang),
        })}
      </p>
      <p>
        {t('sheet.matched', {
          matched: formatCount(r.matched, lang),
          unmatched: formatCount(r.unmatched, lang),
        })}
      </p>
      {r.encodingGuess && <p className="hint">{encodingGuessWords(r.encodingGuess, t)}</p>}
      {r.warnings.length > 0 && (
        <>
          <p className="muted">{t('sheet.warnings')}</p>
          <ul className="problem-list" tabIndex={0}>
            {r.warnings.slice(0, 20).map((w, i) => (
              <li key={i}>{rowProblemWords(w, t, lang)}</li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
