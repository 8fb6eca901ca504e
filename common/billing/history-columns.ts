// Which column of a history file is which, and what its read types say: the header names billing
// systems write in English and German (case, spaces and accents ignored, as for route sheets).
import { normaliseHeader, suggestMapping } from './column-mapping';
import type { ReadType } from './history-types';

export const HISTORY_COLUMNS = ['meterId', 'readAt', 'reading', 'readType'] as const;
export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];

/** How messages name each column (as the file's usual header). */
export const HISTORY_COLUMN_LABELS: Readonly<Record<HistoryColumn, string>> = {
  meterId: 'meter_id',
  readAt: 'read_at',
  reading: 'reading',
  readType: 'read_type',
};

const SYNONYMS: Readonly<Record<Exclude<HistoryColumn, 'meterId'>, readonly string[]>> = {
  readAt: ['readat', 'readdate', 'readingdate', 'date', 'ablesedatum', 'datum', 'ablesetag'],
  reading: [
    'reading',
    'meterreading',
    'readingvalue',
    'value',
    'zahlerstand',
    'zaehlerstand',
    'ablesestand',
    'stand',
  ],
  readType: ['readtype', 'readingtype', 'type', 'ableseart', 'ablesegrund', 'art', 'ablesungsart'],
};

/** Column index per field; a field no header names is missing. */
export function historyColumnsOf(
  headers: readonly string[],
): Partial<Record<HistoryColumn, number>> {
  const found: Partial<Record<HistoryColumn, number>> = {};
  const meter = suggestMapping(headers).mapping.fields.meterId;
  if (meter !== undefined) found.meterId = headers.indexOf(meter);
  for (const column of ['readAt', 'reading', 'readType'] as const) {
    const names = SYNONYMS[column];
    let best = Infinity;
    headers.forEach((h, i) => {
      const rank = names.indexOf(normaliseHeader(h));
      if (rank >= 0 && rank < best) {
        best = rank;
        found[column] = i;
      }
    });
  }
  return found;
}

const TYPE_WORDS: Readonly<Record<ReadType, readonly string[]>> = {
  actual: ['actual', 'a', 'read', 'regular', 'ablesung', 'abgelesen', 'turnusablesung', 'ist'],
  customer: ['customer', 'c', 'k', 'kunde', 'kundenablesung', 'selbstablesung', 'selfread'],
  estimated: ['estimated', 'estimate', 'e', 'schatzung', 'geschatzt', 'hochrechnung', 's'],
  removal: ['removal', 'removed', 'exchangeout', 'ausbau', 'zahlerausbau', 'zaehlerausbau'],
  install: ['install', 'installation', 'installed', 'exchangein', 'einbau', 'zahlereinbau'],
};

const TYPE_LOOKUP = new Map<string, ReadType>(
  (Object.entries(TYPE_WORDS) as [ReadType, readonly string[]][]).flatMap(([type, words]) =>
    words.map((w) => [w, type] as const),
  ),
);

/** A read type cell → its type; empty means actual (a file of plain readings). */
export function readTypeOf(cell: string): ReadType | null {
  const key = normaliseHeader(cell);
  return key === '' ? 'actual' : (TYPE_LOOKUP.get(key) ?? null);
}
