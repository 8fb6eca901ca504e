// Order files of about 40 meters for each built-in profile, with the awkward content real ones
// have: umlauts in Latin-1/Windows-1252, trailing spaces, leading zeros, empty fields, CRLF, an
// unknown record type or trailer, a duplicate key, implied decimals, a meter with two registers.
// Each meter says what its photo reads and what the return must hold for it.

export type Expect =
  | 'normal'
  | 'high'
  | 'low'
  | 'zero'
  | 'verified'
  | 'wrapped'
  | 'not_read'
  | 'skip'
  | 'format'
  | 'shared';

export interface FixtureMeter {
  readonly meter: string;
  readonly key: string;
  /** 1-based physical line of its (first) record. */
  readonly line: number;
  readonly previous: number;
  /** What its photo reads (as the AI writes it), null: no photo. */
  readonly reading: string | null;
  readonly expect: Expect;
}

export interface OrderFixture {
  readonly profile: string;
  readonly bytes: Buffer;
  readonly meters: readonly FixtureMeter[];
  readonly duplicateLine: number;
  /** Lines that are no order record and no known parent (unknown type, trailer, comment). */
  readonly notOrderLines: readonly number[];
  /** Office-local read date and time every photo carries. */
  readonly readAt: string;
}

export const READ_AT = '2026-10-20T09:15:30';
export const SCHEDULED = '20261019';
export const COUNT = 40;

const PLAN: readonly Expect[] = [
  'high',
  'low',
  'zero',
  'wrapped',
  'verified',
  'skip',
  'format',
  'shared',
];

/** Meter i's plan: the first few are the awkward cases, the last has no photo. */
export function expectOf(i: number, count = COUNT): Expect {
  if (i === count - 1) return 'not_read';
  return PLAN[i - 1] ?? 'normal';
}

export function previousOf(i: number): number {
  return expectOf(i) === 'wrapped' ? 99990 : 1000 + (i % 9000) * 10;
}

/** The photo's reading: 5 whole digits, 1 decimal, leading zeros as the register shows them. */
function readingOf(i: number, count = COUNT): string | null {
  const prev = previousOf(i);
  const e = expectOf(i, count);
  const value: Record<Expect, number | null> = {
    normal: prev + 12.5,
    high: prev + 200,
    low: prev - 5,
    zero: prev,
    wrapped: 5,
    verified: prev + 300,
    skip: null,
    format: null,
    shared: prev + 7,
    not_read: null,
  };
  if (e === 'format') return `0${String(prev + 3)}.25`;
  const v = value[e];
  return v === null ? null : v.toFixed(1).padStart(7, '0');
}

/** Billing's window: [prev, prev + 50]; the wrapped meter's runs past 99999.9 to 20. */
export function limitsOf(i: number): { low: number; high: number } {
  return expectOf(i) === 'wrapped'
    ? { low: 99995, high: 20 }
    : { low: previousOf(i), high: previousOf(i) + 50 };
}

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

function fixed(length: number, parts: readonly (readonly [number, string])[]): string {
  let line = ' '.repeat(length);
  for (const [start, text] of parts)
    line = line.slice(0, start - 1) + text + line.slice(start - 1 + text.length);
  return line.slice(0, length);
}

const implied = (value: number, width = 10): string =>
  String(Math.round(value * 10)).padStart(width, '0');
const NAMES = ['Jürgen Größe', 'Änne Müller', 'Özlem Weiß', 'Hans Bäcker'];
const STREETS = ['Hauptstraße', 'Mühlenweg', 'Am Brückentor', 'Gänseblümchenstraße'];

function meterFor(
  i: number,
  meter: string,
  key: string,
  line: number,
  count: number,
): FixtureMeter {
  return {
    meter,
    key,
    line,
    previous: previousOf(i),
    reading: readingOf(i, count),
    expect: expectOf(i, count),
  };
}

export function neptuneFixture(count = COUNT): OrderFixture {
  const lines: string[] = [
    fixed(58, [
      [1, 'COMHD'],
      [6, '0042'],
      [10, '20261005'],
      [18, 'Stadtwerke Müllheim Wasser'],
      [58, '1'],
    ]),
    fixed(119, [
      [1, 'RTEHD'],
      [6, 'R12'],
      [24, SCHEDULED],
      [40, 'Route Nord   '],
    ]),
  ];
  const meters: FixtureMeter[] = [];
  const notOrderLines: number[] = [];
  let duplicateLine = 0;
  const rdgdt = (i: number, register: string): string => {
    const { low, high } = limitsOf(i);
    return fixed(128, [
      [1, 'RDGDT'],
      [6, register],
      [8, `R${String(i).padStart(4, '0')}`],
      [50, '06'],
      [52, '1'],
      [53, implied(previousOf(i))],
      [63, implied(high)],
      [73, implied(low)],
      [83, 'M3'],
      [115, '20260918'],
    ]);
  };
  for (let i = 0; i < count; i++) {
    const serial = `000${String(4711000 + i)}`;
    lines.push(
      fixed(150, [
        [1, 'PRMDT'],
        [6, NAMES[i % 4] ?? ''],
        [46, `${STREETS[i % 4] ?? ''} ${String(i + 1)}`],
        [86, 'Müllheim'],
        [104, `K-${String(70000 + i)}`],
      ]),
    );
    if (i === 3)
      lines.push(
        fixed(60, [
          [1, 'PRMNT'],
          [6, 'Schlüssel beim Nachbarn  '],
        ]),
      );
    lines.push(
      fixed(100, [
        [1, 'MTRDT'],
        [6, String(i + 1).padStart(6, '0')],
        [18, 'Keller'],
        [38, serial],
        [58, '3/4'],
      ]),
    );
    lines.push(rdgdt(i, '01'));
    meters.push(meterFor(i, serial, `${serial}/01`, lines.length, count));
    if (expectOf(i, count) === 'shared') lines.push(rdgdt(i, '02'));
    if (i === 10) {
      lines.push(`XTRDT Zusatzdaten fürs Archiv   `);
      notOrderLines.push(lines.length);
    }
    if (i === 20) {
      // The duplicate key: meter 12's serial and register again, further down.
      lines.push(
        fixed(100, [
          [1, 'MTRDT'],
          [6, '000099'],
          [38, meters[12]?.meter ?? ''],
        ]),
      );
      lines.push(rdgdt(12, '01'));
      duplicateLine = lines.length;
    }
  }
  return {
    profile: 'neptune-imp',
    bytes: latin1(`${lines.join('\r\n')}\r\n`),
    meters,
    duplicateLine,
    notOrderLines,
    readAt: READ_AT,
  };
}

export function sensusFixture(count = COUNT): OrderFixture {
  const lines: string[] = ['AUTOREAD ROUTE 0012 Müllheim 2026-10-05'];
  const notOrderLines = [1];
  const meters: FixtureMeter[] = [];
  let duplicateLine = 0;
  const record = (i: number, id: string): string => {
    const { low, high } = limitsOf(i);
    return fixed(155, [
      [1, `${STREETS[i % 4] ?? ''} ${String(i)}`.slice(0, 20)],
      [21, id],
      [29, `K${String(90000 + i)}`],
      [44, i % 3 === 0 ? '' : 'Hund!'],
      [59, ''],
      [79, NAMES[i % 4] ?? ''],
      [104, 'W'],
      [105, implied(previousOf(i))],
      [115, implied(low)],
      [125, implied(high)],
      [135, i % 2 ? String(5550000 + i) : ''],
      [145, i % 2 ? 'R' : ''],
      [146, i % 5 === 0 ? '' : `SN${String(i)}`],
    ]);
  };
  for (let i = 0; i < count; i++) {
    // A meter with two registers cannot be told in a Sensus file (the key is the meter): read normally.
    const id = `00${String(123400 + i)}`;
    lines.push(record(i, id));
    const m = meterFor(i, id, id, lines.length, count);
    meters.push(
      m.expect === 'shared'
        ? { ...m, expect: 'normal', reading: (m.previous + 7).toFixed(1).padStart(7, '0') }
        : m,
    );
    if (i === 25) {
      lines.push(record(14, meters[14]?.meter ?? ''));
      duplicateLine = lines.length;
    }
  }
  lines.push('TRAILER 0041');
  notOrderLines.push(lines.length);
  return {
    profile: 'sensus-fixed',
    bytes: latin1(`${lines.join('\r\n')}\r\n`),
    meters,
    duplicateLine,
    notOrderLines,
    readAt: READ_AT,
  };
}

const comma = (v: number): string => v.toFixed(1).replace('.', ',');

export function sapFixture(count = COUNT): OrderFixture {
  const header =
    'MRIDNUMBER;SERIALNO;REGISTER;MRREASON;TARGETMRDATE;STANZVOR;STANZNAC;PREVMRRESULT;PREVMRDATE;E_ZWSTERW;LOWERLIMIT;UPPERLIMIT;STREET;CITY;NOTE;METERREADER;READINGRESULT;METERREADINGNOTE;ISTABLART;ACTUALMRDATE;ACTUALMRTIME;MRDATEFORBILLING';
  const lines: string[] = ['* Ableseaufträge Stadtwerke Müllheim, erstellt 05.10.2026', header];
  const notOrderLines = [1];
  const meters: FixtureMeter[] = [];
  let duplicateLine = 0;
  const row = (i: number, doc: string, serial: string, register: string): string => {
    const { low, high } = limitsOf(i);
    const street =
      i % 7 === 0
        ? `"${STREETS[i % 4] ?? ''} ${String(i)}; Hinterhaus"`
        : `${STREETS[i % 4] ?? ''} ${String(i)}`;
    return [
      doc,
      serial,
      register,
      '01',
      SCHEDULED,
      '05',
      '1',
      comma(previousOf(i)),
      '20260918',
      comma(previousOf(i) + 14),
      comma(low),
      comma(high),
      street,
      'Müllheim',
      i % 4 === 1 ? 'Hund im Garten  ' : '',
      'MUELLER',
      '',
      '',
      '',
      '',
      '',
      '',
    ].join(';');
  };
  for (let i = 0; i < count; i++) {
    const doc = String(880000 + i).padStart(20, '0');
    const serial = `0${String(3300100 + i)}`;
    lines.push(row(i, doc, serial, '001'));
    meters.push(meterFor(i, serial, doc, lines.length, count));
    if (expectOf(i, count) === 'shared')
      lines.push(row(i, String(990000 + i).padStart(20, '0'), serial, '002'));
    if (i === 30) {
      lines.push(row(16, meters[16]?.key ?? '', meters[16]?.meter ?? '', '001'));
      duplicateLine = lines.length;
    }
  }
  lines.push('*END;41');
  notOrderLines.push(lines.length);
  return {
    profile: 'sap-isu',
    bytes: latin1(`${lines.join('\r\n')}\r\n`),
    meters,
    duplicateLine,
    notOrderLines,
    readAt: READ_AT,
  };
}

export function csvFixture(count = COUNT): OrderFixture {
  const lines: string[] = [
    'Zählernummer;Kundennummer;Anschrift;Vorkommastellen;Nachkommastellen;Altstand;Ablesedatum alt;Untergrenze;Obergrenze;Neustand;Ablesedatum;Ablesezeit;Ablesekennzeichen;Ablesenotiz;Bemerkung',
  ];
  const notOrderLines: number[] = [];
  const meters: FixtureMeter[] = [];
  let duplicateLine = 0;
  const row = (i: number, id: string): string => {
    const { low, high } = limitsOf(i);
    return [
      id,
      `K-${String(i)}`,
      `${STREETS[i % 4] ?? ''} ${String(i)}`,
      '5',
      '1',
      comma(previousOf(i)).padStart(7, '0'),
      '18.09.2026',
      comma(low),
      comma(high),
      '',
      '',
      '',
      '',
      '',
      i % 3 === 0 ? 'Zähler im Schacht ' : '',
    ].join(';');
  };
  for (let i = 0; i < count; i++) {
    const id = `0${String(55000 + i)}`;
    lines.push(row(i, id));
    const m = meterFor(i, id, id, lines.length, count);
    meters.push(
      m.expect === 'shared'
        ? { ...m, expect: 'normal', reading: (m.previous + 7).toFixed(1).padStart(7, '0') }
        : m,
    );
    if (i === 33) {
      lines.push(row(18, meters[18]?.meter ?? ''));
      duplicateLine = lines.length;
    }
  }
  lines.push('Summe;40 Zähler');
  notOrderLines.push(lines.length);
  // No line ending after the last line: it must stay that way.
  return {
    profile: 'csv-passthrough',
    bytes: latin1(lines.join('\r\n')),
    meters,
    duplicateLine,
    notOrderLines,
    readAt: READ_AT,
  };
}

export const FIXTURES = {
  'neptune-imp': neptuneFixture,
  'sensus-fixed': sensusFixture,
  'sap-isu': sapFixture,
  'csv-passthrough': csvFixture,
} as const;
