// An order file's exceptions and the return file's refusal in the window's words: the same codes
// and parameters the CLI words in English (common/billing/order-files/exception-english.ts).
import type { OrderException } from '../../common/billing/order-files/order-records';
import type { Refusal } from '../../common/billing/order-files/return-fill';
import type { TFunction } from 'i18next';

type T = TFunction<'orderFiles'>;

const text = (v: string | number | undefined): string => (v === undefined ? '' : String(v));

const BUILTIN_LABELS: Readonly<Record<string, string>> = {
  'sap-isu': 'SAP IS-U',
  'neptune-imp': 'Neptune IMP',
  'sensus-fixed': 'Sensus AutoRead',
  'csv-passthrough': 'CSV',
};

/** A built-in profile as a clerk knows it: "SAP IS-U (sap-isu)"; an office's own: its name. */
export function profileLabel(name: string): string {
  const label = BUILTIN_LABELS[name];
  return label ? `${label} (${name})` : name;
}

export function exceptionWords(e: OrderException, t: T): string {
  const p = e.params;
  const s = (k: string): string => text(p[k]);
  switch (e.reason) {
    case 'duplicate_key':
      return t('exception.duplicate_key', { key: e.key, first: s('first') });
    case 'no_key':
      return t('exception.no_key');
    case 'shared_meter':
      return t('exception.shared_meter', { meter: s('meter'), records: s('records') });
    case 'not_read':
      return p.skip !== undefined
        ? t('exception.not_read_skip', { skip: s('skip') })
        : t('exception.not_read', { why: s('why') || '–' });
    case 'no_order':
      return p.meter
        ? t('exception.no_order', { photo: s('photo'), meter: s('meter') })
        : t('exception.no_order_unmatched', { photo: s('photo') });
    case 'format':
      return p.why === 'digits'
        ? t('exception.format_digits', { reading: s('reading'), digits: s('digits') })
        : p.why === 'decimals'
          ? t('exception.format_decimals', { reading: s('reading'), decimals: s('decimals') })
          : t('exception.format_width', { reading: s('reading') });
    case 'not_an_order':
      return p.type === 'comment'
        ? t('exception.not_an_order_comment')
        : p.type !== undefined
          ? t('exception.not_an_order_type', { type: s('type') })
          : p.cells !== undefined
            ? t('exception.not_an_order_cells', { cells: s('cells'), columns: s('columns') })
            : t('exception.not_an_order_length', { length: s('length') });
    case 'limits': {
      const params = {
        reading: s('reading'),
        low: s('low') || '–',
        high: s('high') || '–',
        code: s('code') || '–',
      };
      return p.side === 'high'
        ? t('exception.limits_high', params)
        : t('exception.limits_low', params);
    }
    case 'read_date':
      return t('exception.read_date', {
        readDate: s('readDate'),
        days: s('days'),
        scheduled: s('scheduled'),
        window: s('window'),
      });
    case 'exchanged':
      return t('exception.exchanged', {
        oldMeter: s('oldMeter'),
        exchangedAt: s('exchangedAt'),
        oldFinal: s('oldFinal'),
        newMeter: s('newMeter'),
        newStart: s('newStart'),
      });
    case 'file_age':
      return t('exception.file_age', {
        fileDate: s('fileDate'),
        days: s('days'),
        limit: s('limit'),
      });
  }
}

/** Where an exception is: its line (a photo has none) and its key. */
export function exceptionPlace(e: OrderException, t: T): string {
  const at = e.line > 0 ? t('exception.line', { line: String(e.line) }) : t('exception.photo');
  return e.key ? `${at}, ${t('exception.key', { key: e.key })}` : at;
}

const KINDS = [
  'actual',
  'customer',
  'estimated',
  'normal',
  'high',
  'low',
  'verified',
  'zero',
  'negative',
] as const;
type Kind = (typeof KINDS)[number];
const isKind = (v: string): v is Kind => (KINDS as readonly string[]).includes(v);

/** The return refused: which meter needs which read type or code the profile does not map. */
export function refusalWords(r: Refusal, t: T): string {
  return t('ret.refused', {
    meter: r.meter,
    key: r.key,
    what: r.fill === 'readType' ? t('ret.readTypeWord') : t('ret.codeWord'),
    kind: isKind(r.readType) ? t(`ret.kinds.${r.readType}`) : r.readType,
    profile: r.profile,
  });
}
