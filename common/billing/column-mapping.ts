// Which column of a route sheet fills which field. Headers billing systems commonly write map
// themselves (case, spaces, underscores, hyphens and accents ignored); anything else is chosen by
// the clerk once and saved as a small JSON file: { "version": 1, "fields": { "meterId": "Zähler" } }.
import { z } from 'zod';
import { METER_FIELDS, REQUIRED_METER_FIELDS, type MeterField } from './meter-record';
import type { DateOrder } from './sheet-values';
import { checkWithSchema, parseSettingsJson, type Checked } from './strict-json';

export interface ColumnMapping {
  version: 1;
  /** Field → header text exactly as in the sheet (matched after normalising, like synonyms). */
  fields: Partial<Record<MeterField, string>>;
  /** How slashed dates are read (12/10/2026); default day first. Dotted and ISO are unambiguous. */
  dateOrder?: DateOrder;
}

/** Normalised header names each field recognises by itself, most specific first. */
const SYNONYMS: Readonly<Record<MeterField, readonly string[]>> = {
  meterId: [
    'meterid',
    'meternumber',
    'meterno',
    'meterserial',
    'serialnumber',
    'serialno',
    'serial',
    'meter',
    'zahlernummer',
    'zaehlernummer',
    'zahlernr',
    'zaehlernr',
    'geratenummer',
    // SAP IS-U and German utilities' exports (issue 29): Zählerseriennummer, Seriennummer.
    'zahlerseriennummer',
    'zaehlerseriennummer',
    'seriennummer',
    'zahler',
    // SAP IS-U's own field names, as a raw table export heads its columns: the serial (SERNR).
    'sernr',
  ],
  account: [
    'account',
    'accountid',
    'accountnumber',
    'accountno',
    'customernumber',
    'customerno',
    'vertragskonto',
    'kundennummer',
    'konto',
    // SAP IS-U's contract account (VKONT).
    'vkont',
  ],
  address: ['address', 'serviceaddress', 'premiseaddress', 'adresse', 'anschrift', 'strasse'],
  // SAP's meter reading unit (Ableseeinheit) is the route a reader walks.
  // SAP's field name for it is ABLEINH.
  route: [
    'route',
    'routeid',
    'routenumber',
    'routeno',
    'tour',
    'ableseroute',
    'ableseeinheit',
    'ableinh',
  ],
  sequence: [
    'sequence',
    'walkingsequence',
    'walksequence',
    'sequencenumber',
    'seq',
    'reihenfolge',
    'ablesereihenfolge',
    'ablesefolge',
    'folge',
  ],
  registerDigits: ['digits', 'registerdigits', 'wholedigits', 'integerdigits', 'vorkommastellen'],
  registerDecimals: ['decimals', 'registerdecimals', 'decimalplaces', 'nachkommastellen'],
  previousReading: [
    'previousreading',
    'prevreading',
    'lastreading',
    'vorherigerstand',
    'letzterstand',
    'altstand',
    'vorjahresstand',
    'vorjahreszahlerstand',
    // SAP IS-U's previous reading (V_ZWSTAND, the register's whole digits).
    'vzwstand',
  ],
  previousReadAt: [
    'previousreadat',
    'previousreaddate',
    'previousreadingdate',
    'prevreaddate',
    'lastreaddate',
    'lastreadat',
    'letztesablesedatum',
    'ablesedatumvorjahr',
    'vorjahresablesedatum',
  ],
  avgDailyUse: [
    'avgdailyuse',
    'averagedailyuse',
    'avgdailyconsumption',
    'averagedailyconsumption',
    'dailyaverage',
    'tagesdurchschnitt',
  ],
  // A bare "serial" names the meter itself (meterId): the sticker's column says code or barcode.
  barcode: [
    'barcode',
    'meterbarcode',
    'serialbarcode',
    'stickercode',
    'qrcode',
    'datamatrix',
    'strichcode',
    'barcodenummer',
    'zahlerbarcode',
    'zaehlerbarcode',
  ],
  // No bare "status", "class" or "rate": sheets use them for other things (a job's status).
  accountStatus: [
    'accountstatus',
    'customerstatus',
    'occupancystatus',
    'occupancy',
    'vacancy',
    'vacant',
    'kundenstatus',
    'vertragsstatus',
    'leerstand',
  ],
  statusSince: [
    'statussince',
    'statusdate',
    'vacantsince',
    'vacancysince',
    'statusseit',
    'statusab',
    'leerstandseit',
    'leerstandab',
  ],
  meterClass: [
    'rateclass',
    'ratecategory',
    'tariff',
    'meterclass',
    'customerclass',
    'consumergroup',
    'tarif',
    'verbrauchsgruppe',
    'tarifgruppe',
    'kundengruppe',
    'zahlerklasse',
    'zaehlerklasse',
  ],
};

const LOOKUP = new Map<string, { field: MeterField; rank: number }>(
  METER_FIELDS.flatMap((field) =>
    SYNONYMS[field].map((name, rank) => [name, { field, rank }] as const),
  ),
);

/** "Zähler-Nummer " → "zahlernummer": lower case, accents and everything but letters/digits gone. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

export interface SuggestedMapping {
  mapping: ColumnMapping;
  /** Required fields no header names by itself: the clerk must choose their columns. */
  unmappedRequired: MeterField[];
}

/** The mapping the headers give by themselves; for two candidates the more specific name wins. */
export function suggestMapping(headers: readonly string[]): SuggestedMapping {
  const best = new Map<MeterField, { header: string; rank: number }>();
  for (const header of headers) {
    const hit = LOOKUP.get(normaliseHeader(header));
    if (!hit) continue;
    const current = best.get(hit.field);
    if (!current || hit.rank < current.rank) best.set(hit.field, { header, rank: hit.rank });
  }
  const fields: Partial<Record<MeterField, string>> = {};
  for (const field of METER_FIELDS) {
    const chosen = best.get(field);
    if (chosen) fields[field] = chosen.header;
  }
  return {
    mapping: { version: 1, fields },
    unmappedRequired: REQUIRED_METER_FIELDS.filter((f) => fields[f] === undefined),
  };
}

const MAX_MAPPING_CHARS = 16 * 1024;
const header = z.string().min(1).max(200);

const mappingSchema = z.strictObject({
  version: z.literal(1),
  fields: z.strictObject(
    Object.fromEntries(METER_FIELDS.map((f) => [f, header.optional()])) as Record<
      MeterField,
      z.ZodOptional<typeof header>
    >,
  ),
  dateOrder: z.enum(['day_first', 'month_first']).optional(),
});

/** A column mapping from a value of unknown origin (IPC, an imported file). */
export function validateColumnMapping(value: unknown): Checked<ColumnMapping> {
  const checked = checkWithSchema(mappingSchema, value, 'column mapping');
  if (!checked.ok) return checked;
  const mapping: ColumnMapping = { version: 1, fields: {} };
  for (const field of METER_FIELDS) {
    const name = checked.value.fields[field];
    if (name !== undefined) mapping.fields[field] = name;
  }
  if (checked.value.dateOrder !== undefined) mapping.dateOrder = checked.value.dateOrder;
  const seen = new Map<string, MeterField>();
  const errors: string[] = [];
  for (const field of METER_FIELDS) {
    const name = mapping.fields[field];
    if (name === undefined) continue;
    const other = seen.get(normaliseHeader(name));
    if (other) errors.push(`"fields.${field}" names the same column as "fields.${other}".`);
    seen.set(normaliseHeader(name), field);
  }
  if (mapping.fields.meterId === undefined) errors.push('"fields.meterId" is missing.');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: mapping };
}

/** The text of a saved column-mapping file → a mapping, or every reason it is not one. */
export function parseColumnMappingJson(text: string): Checked<ColumnMapping> {
  const parsed = parseSettingsJson(text, 'column mapping file', MAX_MAPPING_CHARS);
  return parsed.ok ? validateColumnMapping(parsed.value) : parsed;
}
