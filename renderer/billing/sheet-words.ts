// A route sheet's guessed encoding and its problems in the window's language, from what happened
// and its params (common/billing/encoding-guess.ts, common/billing/row-problem.ts). The CLI's
// English is worded in common/billing; the window never reads it, so renaming an English template
// there does not change what the window says.
import type { TFunction } from 'i18next';
import type { EncodingGuess } from '../../common/billing/encoding-guess';
import { METER_FIELDS, type MeterField } from '../../common/billing/meter-record';
import type { ProblemParams, RowProblem } from '../../common/billing/row-problem';
import type { ValueFaultCode } from '../../common/billing/sheet-values';
import { formatCount } from '../i18n/format';
import type { Spoken } from '../i18n/use-lang';

type BillingT = TFunction<'billing'>;
// The catalogue's typed interpolation wants each template's params spelled out; a problem's
// params are a record, so they are passed through one untyped view (test/renderer covers every code).
type LooseT = (key: string, params?: Readonly<Record<string, unknown>>) => string;

export function encodingGuessWords(guess: EncodingGuess, t: BillingT): string {
  const said = t('sheet.encodingGuess');
  return guess.example === null ? said : `${said} ${t('sheet.encodingExample', guess.example)}`;
}

const METER_ID_FAULTS = ['too_long', 'control', 'formula', 'scientific', 'no_letter'] as const;
const VALUE_FAULTS: readonly ValueFaultCode[] = [
  'scientific',
  'not_number',
  'not_reading',
  'not_day_first',
  'not_month_first',
  'not_date',
  'unknown_date',
  'date_serial',
  'no_such_day',
  'two_digit_year',
  'below',
  'not_whole_in',
  'not_status',
];
// Counts a clerk reads as numbers ("100.000 Zeilen"); rows, years and lines stay as written.
const COUNTED = ['length', 'max', 'count', 'cells', 'width'];

function oneOf<T extends string>(list: readonly T[], value: unknown): T | null {
  return list.find((x) => x === value) ?? null;
}

/** The problem's sentence without its place. */
function problemText(code: RowProblem['code'], p: ProblemParams, typed: BillingT): string {
  const t = typed as unknown as LooseT;
  const field = oneOf<MeterField>(METER_FIELDS, p.field);
  const fieldWords = field === null ? String(p.field ?? '') : t(`sheet.fields.${field}`);
  switch (code) {
    case 'not_csv':
      return t(p.format === 'xls' ? 'sheet.problem.xls' : 'sheet.problem.xlsx');
    case 'invalid_text':
      return t('sheet.problem.invalid_text', { encoding: String(p.encoding).toUpperCase() });
    case 'unreadable': {
      const why =
        p.reason === 'missing' || p.reason === 'denied'
          ? t(`sheet.problem.${p.reason}`)
          : String(p.detail ?? '');
      return t('sheet.problem.unreadable', { path: p.path, why });
    }
    case 'invalid_meter_id': {
      const fault = oneOf(METER_ID_FAULTS, p.fault);
      return fault === null ? t('sheet.problem.missing_meter_id') : t(`sheet.meterId.${fault}`, p);
    }
    case 'duplicate_meter_id':
      return p.firstId === p.id
        ? t('sheet.problem.duplicate_meter_id', p)
        : t('sheet.problem.duplicate_meter_id_case', p);
    case 'invalid_value': {
      const fault = oneOf(VALUE_FAULTS, p.fault);
      const reason = fault === null ? '' : t(`sheet.value.${fault}`, p);
      return t('sheet.problem.invalid_value', { field: fieldWords, reason });
    }
    case 'ambiguous_header':
      return t('sheet.problem.ambiguous_header', {
        ...p,
        field: fieldWords,
        columns: String(p.columns).split(',').join(', '),
      });
    case 'blank_rows':
      return t('sheet.problem.blank_rows', { count: Number(p.count) });
    default:
      return t(`sheet.problem.${code}`, { ...p, field: fieldWords });
  }
}

/** One route-sheet problem or note, place included, in the window's language. */
export function rowProblemWords(problem: RowProblem, t: BillingT, lang: Spoken): string {
  const params: Record<string, string | number> = { ...problem.params };
  for (const key of COUNTED) {
    const v = params[key];
    if (typeof v === 'number' && key !== 'count') params[key] = formatCount(v, lang);
  }
  const text = problemText(problem.code, params, t);
  const { row, column, header } = problem;
  if (row === null) return text;
  if (column === null) return t('sheet.place.row', { row, text });
  return header !== null && header !== ''
    ? t('sheet.place.cellNamed', { row, column, header, text })
    : t('sheet.place.cell', { row, column, text });
}
