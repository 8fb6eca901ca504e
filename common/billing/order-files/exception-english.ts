// The exceptions' English, for the CLI, the exceptions CSV and the log: one sentence per reason,
// from its parameters (the window would word the same codes from its catalogues).
import type { OrderException } from './order-records';

const s = (v: string | number | undefined): string => (v === undefined ? '' : String(v));

export function exceptionEnglish(e: OrderException): string {
  const p = e.params;
  switch (e.reason) {
    case 'duplicate_key':
      return `The key ${e.key} was already on line ${s(p.first)}: the first record is filled, this one goes back not read.`;
    case 'no_key':
      return 'An order record without a key: it goes back unchanged.';
    case 'shared_meter':
      return `Meter ${s(p.meter)} has ${s(p.records)} records (registers), which MeterDesk does not support yet: none of them is filled.`;
    case 'not_read':
      return p.skip !== undefined
        ? `Not read: skipped (${s(p.skip)})${p.note ? `, ${s(p.note)}` : ''}; no note for it in the profile.`
        : `Not read: ${s(p.why) || 'no reading'}.`;
    case 'no_order':
      return `The photo ${s(p.photo)} shows meter ${s(p.meter) || '?'}, which is in no order record.`;
    case 'format':
      return p.why === 'digits'
        ? `The reading ${s(p.reading)} has more whole digits than the register's ${s(p.digits)}: it goes back not read.`
        : p.why === 'decimals'
          ? `The reading ${s(p.reading)} has more decimals than the register's ${s(p.decimals)} (never rounded): it goes back not read.`
          : `The reading ${s(p.reading)} does not fit its field (${s(p.why)}): it goes back not read.`;
    case 'not_an_order':
      return p.type === 'comment'
        ? 'A comment or trailer line: passed through unchanged.'
        : p.type !== undefined
          ? `Record type ${s(p.type)} is not known: passed through unchanged.`
          : p.cells !== undefined
            ? `A line with ${s(p.cells)} of the header's ${s(p.columns)} cells: passed through unchanged.`
            : `A line of ${s(p.length)} characters is no order record: passed through unchanged.`;
    case 'limits':
      return `The reading ${s(p.reading)} is ${p.side === 'high' ? 'above' : 'below'} billing's limits (${s(p.low) || '-'} to ${s(p.high) || '-'}): written with code ${s(p.code) || '(none)'}.`;
    case 'read_date':
      return `Read on ${s(p.readDate)}, ${s(p.days)} days from the scheduled ${s(p.scheduled)} (more than ${s(p.window)}).`;
    case 'exchanged':
      return `Meter ${s(p.oldMeter)} was exchanged on ${s(p.exchangedAt)}: removed at ${s(p.oldFinal)}, new meter ${s(p.newMeter)} installed at ${s(p.newStart)}${p.reading ? `, read ${s(p.reading)}` : ''}. The profile has no place for a new meter: the order goes back not read; book the exchange in billing (the billing export has its removal and installation rows).`;
    case 'file_age':
      return `The order file is from ${s(p.fileDate)}, ${s(p.days)} days ago (more than ${s(p.limit)}).`;
  }
}

/** The exceptions CSV's line for one exception (UTF-8; `reason,key,line,detail`). */
export function exceptionCsvLine(e: OrderException): string {
  const cell = (t: string): string => {
    const safe = /^[=+\-@\t\r]/.test(t) ? `'${t}` : t;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [e.reason, cell(e.key), String(e.line), cell(exceptionEnglish(e))].join(',');
}
