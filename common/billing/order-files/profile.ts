// An order-file profile is data, not code (issue 31): a JSON file that says where a billing
// system's reading-order file keeps its records, keys and fields, and how a reading goes back into
// it. The four built-in profiles (./profiles/*.json) are written in the same format, so an
// office's own layout is a file, not a release. docs/billing-files.md documents every key.
import { z } from 'zod';
import { checkWithSchema, parseSettingsJson, type Checked } from '../strict-json';

/** Where a value sits: a 1-based inclusive span of a fixed-width record, or a delimited column. */
const fixedRef = z.strictObject({
  /** The record type it is read from (a parent of the order record); absent: the order record. */
  record: z.string().min(1).max(20).optional(),
  start: z.number().int().min(1).max(4096),
  end: z.number().int().min(1).max(4096),
});
const columnRef = z.strictObject({
  /** Header names that mean this column, compared normalised (case, spaces, accents ignored). */
  column: z.array(z.string().min(1).max(80)).min(1).max(20),
});
const fieldRef = z.union([fixedRef, columnRef]);
export type FieldRef = z.infer<typeof fieldRef>;
export type FixedRef = z.infer<typeof fixedRef>;

/** How a date field is written: tokens YYYY, MM, DD; `auto` reads ISO, dd.mm.yyyy and dd/mm/yyyy. */
const datePattern = z.enum(['YYYYMMDD', 'MMDDYYYY', 'DD.MM.YYYY', 'YYYY-MM-DD', 'auto']);
export type DatePattern = z.infer<typeof datePattern>;

/** The fields MeterDesk reads from an order record (all but `key` and `meter` optional). */
export const ORDER_FIELDS = [
  'register',
  'account',
  'address',
  'sequence',
  'previousReading',
  'previousReadDate',
  'digits',
  'dials',
  'decimals',
  'expectedReading',
  'lowLimit',
  'highLimit',
  'scheduledDate',
  'fileDate',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

const fields = z.strictObject({
  /** The order's key: its parts joined by "/" (Neptune: serial and register). */
  key: z.array(fieldRef).min(1).max(4),
  /** The field a photo's meter number is matched against (leading zeros significant). */
  meter: fieldRef,
  ...Object.fromEntries(ORDER_FIELDS.map((f) => [f, fieldRef.optional()])),
}) as z.ZodType<{ key: FieldRef[]; meter: FieldRef } & Partial<Record<OrderField, FieldRef>>>;

/** What a filled field holds. */
export const FILL_VALUES = [
  'reading',
  'readCode',
  'readType',
  'readDate',
  'readTime',
  'billingDate',
  'skipNote',
] as const;
export type FillValue = (typeof FILL_VALUES)[number];

/** Keys a code set may map: the code rule's outcome, or the read type. */
export const CODE_KEYS = [
  'normal',
  'high',
  'low',
  'verified',
  'zero',
  'negative',
  'actual',
  'customer',
  'estimated',
] as const;
export type CodeKey = (typeof CODE_KEYS)[number];

const fill = z.strictObject({
  field: fieldRef,
  value: z.enum(FILL_VALUES),
  /**
   * reading: `decimal` (a decimal mark) or `implied` (an integer in the last dial's unit);
   * readDate/billingDate: a date pattern or `file` (the style of the file's previous-read date);
   * readTime: HHmmss, HHmm or HH:mm.
   */
  format: z
    .enum(['decimal', 'implied', 'file', 'HHmmss', 'HHmm', 'HH:mm'])
    .or(datePattern)
    .optional(),
  /** reading: the decimal mark (`file`: the file's own). */
  mark: z.enum([',', '.', 'file']).optional(),
  /** reading: `strip` writes no leading zeros, `keep` the reading as read, `fill` to the width. */
  zeros: z.enum(['strip', 'keep', 'fill']).optional(),
  /** readCode/readType: the code written per outcome (an absent key is unmapped). */
  codes: z.partialRecord(z.enum(CODE_KEYS), z.string().max(20)).optional(),
  /** skipNote: the note per MeterDesk skip code (absent: the skip code itself). */
  notes: z.record(z.string().min(1).max(20), z.string().max(20)).optional(),
  /** What a not-read record holds here (default: blanks, or the cell left as it is). */
  notRead: z.string().max(40).optional(),
});
export type ProfileFill = z.infer<typeof fill>;

/** How content recognises the profile when none is named (docs/billing-files.md, "Load"). */
const recognise = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('firstRecordType'), types: z.array(z.string()).min(1) }),
  z.strictObject({
    by: z.literal('lineLength'),
    length: z.number().int().min(1),
    digitsOrBlank: fixedRef,
  }),
  z.strictObject({ by: z.literal('header'), column: z.string().min(1) }),
  z.strictObject({ by: z.literal('keyAndEmptyReading') }),
]);
export type Recognise = z.infer<typeof recognise>;

const profileSchema = z.strictObject({
  format: z.literal(1),
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
  description: z.string().max(400).optional(),
  kind: z.enum(['fixed', 'delimited']),
  /** `auto`: UTF-8 when the bytes are (a BOM, or valid UTF-8), else Windows-1252. */
  encoding: z.enum(['windows-1252', 'latin1', 'utf-8', 'auto']),
  recognise: recognise.optional(),
  /** fixed: where each line's record type sits; absent: records are told by their length. */
  recordType: fixedRef.optional(),
  /** fixed: the order record, by type or by length; the known others pass through quietly. */
  orderRecord: z
    .strictObject({
      type: z.string().min(1).max(20).optional(),
      length: z.number().int().min(1).optional(),
    })
    .optional(),
  knownRecords: z.array(z.string().min(1).max(20)).max(40).optional(),
  /** delimited: `auto` takes the first of ; , tab in the header line. */
  delimiter: z.enum([';', ',', '\t', 'auto']).optional(),
  /** delimited: lines starting with it are comments or trailers (SAP `*`). */
  commentPrefix: z.string().min(1).max(4).optional(),
  /** Numbers of the file: decimal mark and implied decimals where the record names none. */
  decimalMark: z.enum([',', '.', 'auto']).optional(),
  impliedDecimals: z.number().int().min(0).max(4).optional(),
  /** Date pattern of the fields read (previous, scheduled, file date). */
  dates: datePattern.optional(),
  fields,
  fills: z.array(fill).min(1).max(20),
});

export type OrderProfile = z.infer<typeof profileSchema>;

/** The delimited profiles' fields are columns and the fixed ones' spans; checked after the schema. */
function shapeProblems(p: OrderProfile): string[] {
  const refs: FieldRef[] = [
    ...p.fields.key,
    p.fields.meter,
    ...ORDER_FIELDS.flatMap((f) => {
      const ref = p.fields[f];
      return ref ? [ref] : [];
    }),
    ...p.fills.map((f) => f.field),
  ];
  const problems: string[] = [];
  for (const ref of refs) {
    if (p.kind === 'fixed' && 'column' in ref)
      problems.push(
        `A fixed-width profile names fields by position, not by column (${ref.column.join('/')}).`,
      );
    if (p.kind === 'delimited' && 'start' in ref)
      problems.push(
        `A delimited profile names fields by column, not by position (${String(ref.start)}).`,
      );
    if ('start' in ref && ref.end < ref.start)
      problems.push(`A field ends (${String(ref.end)}) before it starts (${String(ref.start)}).`);
  }
  if (p.kind === 'fixed' && !p.orderRecord?.type && !p.orderRecord?.length)
    problems.push(
      'A fixed-width profile says how its order records are told: orderRecord.type or .length.',
    );
  if (p.kind === 'fixed' && p.orderRecord?.type && !p.recordType)
    problems.push('orderRecord.type needs recordType: where a line keeps its type.');
  return problems;
}

const MAX_PROFILE_CHARS = 64_000;

/** A profile's JSON text → the profile, or plain sentences saying what is wrong with it. */
export function parseProfileJson(text: string): Checked<OrderProfile> {
  const parsed = parseSettingsJson(text, 'order-file profile', MAX_PROFILE_CHARS);
  if (!parsed.ok) return parsed;
  return checkProfile(parsed.value);
}

export function checkProfile(value: unknown): Checked<OrderProfile> {
  const checked = checkWithSchema(profileSchema, value, 'order-file profile');
  if (!checked.ok) return checked;
  const problems = shapeProblems(checked.value);
  return problems.length > 0 ? { ok: false, errors: problems } : checked;
}
