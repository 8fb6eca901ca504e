// The values that go into one order record of the return file, by the profile's rules: the
// reading padded to the register (never rounded), the photo's date and time, the read type and
// the code by the code rule; or the profile's not-read form. A read type or code the profile does
// not map refuses the whole return (the caller writes nothing).
import { codeCondition, outsideLimits, type CodeCondition } from './billing-checks';
import { orderFacts, type OrderFacts } from './order-facts';
import {
  fitReading,
  formatOrderDate,
  formatOrderTime,
  numberValue,
  patternOf,
} from './order-values';
import type { OrderException, OrderRecord, ParsedOrderFile } from './order-records';
import type { BookedExchange } from '../exchange-rows';
import type { CodeKey, ProfileFill } from './profile';

/** A meter's billed result, as the return needs it. */
export interface MeterResult {
  /** The billed reading (a person's correction, else the AI's), point decimal; null: none. */
  readonly reading: string | null;
  /** The photo's read date and time, office-local (yyyy-mm-dd, hh:mm:ss). */
  readonly readDate: string | null;
  readonly readTime: string | null;
  readonly readType: 'actual' | 'customer' | 'estimated';
  /** A person confirmed, corrected or typed it: outside the limits it is verified. */
  readonly personConfirmed: boolean;
  readonly skipCode: string | null;
  readonly skipNote: string | null;
  /** Why there is no reading, in a few words (no photo, being read, failed). */
  readonly why: string | null;
  /**
   * The meter was exchanged this period (issue 33, item 7): no profile has a place for the new
   * meter, so its order goes back not read with the exchange said, never the new meter's reading
   * under the old number. Absent or null: not exchanged.
   */
  readonly exchange?: BookedExchange | null;
}

export interface Refusal {
  readonly meter: string;
  readonly key: string;
  readonly readType: string;
  readonly profile: string;
  readonly fill: string;
}

export type RecordFill =
  | { kind: 'values'; values: (string | null)[]; exceptions: OrderException[]; facts: OrderFacts }
  | { kind: 'refused'; refusal: Refusal };

const KEEP = null;

/** The not-read form: each fill's notRead text, else blanks (fixed) or the cell as it is. */
function notReadValues(file: ParsedOrderFile, result: MeterResult | null): (string | null)[] {
  return file.profile.fills.map((f) => {
    if (f.value === 'skipNote' && result?.skipCode) {
      const note = f.notes === undefined ? result.skipCode : f.notes[result.skipCode];
      if (note !== undefined) return note;
    }
    if (f.notRead !== undefined) return f.notRead;
    return file.profile.kind === 'fixed' ? '' : KEEP;
  });
}

export function notReadFill(file: ParsedOrderFile, r: OrderRecord): RecordFill {
  return {
    kind: 'values',
    values: notReadValues(file, null),
    exceptions: [],
    facts: orderFacts(file, r),
  };
}

function codeFor(f: ProfileFill, key: CodeKey, fallback: CodeKey | null): string | undefined {
  const codes: Partial<Record<CodeKey, string>> = f.codes ?? {};
  return codes[key] ?? (fallback === null ? undefined : codes[fallback]);
}

export function fillRecord(
  file: ParsedOrderFile,
  r: OrderRecord,
  result: MeterResult | null,
): RecordFill {
  const facts = orderFacts(file, r);
  const line = r.index + 1;
  const { profile } = file;
  if (result?.exchange) {
    const x = result.exchange;
    return {
      kind: 'values',
      values: notReadValues(file, null),
      exceptions: [
        {
          reason: 'exchanged',
          key: r.key,
          line,
          params: {
            oldMeter: x.oldMeter,
            oldFinal: x.oldFinal,
            newMeter: x.newMeter,
            newStart: x.newStart,
            exchangedAt: x.exchangedAt,
            reading: result.reading ?? '',
          },
        },
      ],
      facts,
    };
  }
  if (result === null || result.reading === null) {
    const skipNoted =
      result?.skipCode != null &&
      profile.fills.some(
        (f) =>
          f.value === 'skipNote' &&
          (f.notes === undefined || f.notes[result.skipCode ?? ''] !== undefined),
      );
    const params: Record<string, string> =
      result?.skipCode != null
        ? { skip: result.skipCode, ...(result.skipNote ? { note: result.skipNote } : {}) }
        : { why: result?.why ?? 'no photo' };
    return {
      kind: 'values',
      values: notReadValues(file, result),
      exceptions: skipNoted ? [] : [{ reason: 'not_read', key: r.key, line, params }],
      facts,
    };
  }
  const fit = fitReading(result.reading, { digits: facts.digits, decimals: facts.decimals });
  if (!fit.ok) {
    const params = {
      reading: result.reading,
      why: fit.why,
      digits: facts.digits ?? '',
      decimals: facts.decimals ?? '',
    };
    return {
      kind: 'values',
      values: notReadValues(file, null),
      exceptions: [{ reason: 'format', key: r.key, line, params }],
      facts,
    };
  }
  const value = Number(`${fit.significant}.${fit.fraction || '0'}`);
  const limits = {
    low: numberValue(facts.low),
    high: numberValue(facts.high),
    previous: numberValue(facts.previous),
  };
  const exceptions: OrderException[] = [];
  const hasReadTypeFill = profile.fills.some((f) => f.value === 'readType');
  const values: (string | null)[] = [];
  let condition: CodeCondition | null = null;
  for (const f of profile.fills) {
    const width = 'start' in f.field ? f.field.end - f.field.start + 1 : null;
    switch (f.value) {
      case 'reading': {
        let text: string;
        if (f.format === 'implied') {
          const digits = `${fit.significant}${fit.fraction}`.replace(/^0+(?=\d)/, '');
          text = f.zeros === 'fill' && width !== null ? digits.padStart(width, '0') : digits;
        } else {
          const mark = f.mark === 'file' || f.mark === undefined ? file.decimalMark : f.mark;
          const whole = f.zeros === 'keep' ? fit.whole : fit.significant;
          text = fit.fraction === '' ? whole : `${whole}${mark}${fit.fraction}`;
        }
        if (width !== null && text.length > width) {
          const params = { reading: result.reading, why: 'width', width };
          return {
            kind: 'values',
            values: notReadValues(file, null),
            exceptions: [{ reason: 'format', key: r.key, line, params }],
            facts,
          };
        }
        values.push(text);
        break;
      }
      case 'readCode': {
        const codes: Partial<Record<CodeKey, string>> = f.codes ?? {};
        condition ??= codeCondition(value, limits, {
          personConfirmed: result.personConfirmed,
          hasZero: codes.zero !== undefined,
          hasNegative: codes.negative !== undefined,
        });
        let code: string | undefined;
        if (result.readType !== 'actual' && codes[result.readType] !== undefined)
          code = codes[result.readType];
        else if (result.readType !== 'actual' && !hasReadTypeFill) code = undefined;
        else
          code = codeFor(
            f,
            condition,
            condition === 'zero' ? 'normal' : condition === 'negative' ? 'low' : null,
          );
        if (code === undefined)
          return refuse(file, r, result.readType === 'actual' ? condition : result.readType, f);
        values.push(code);
        break;
      }
      case 'readType': {
        const code = f.codes?.[result.readType];
        if (code === undefined) return refuse(file, r, result.readType, f);
        values.push(code);
        break;
      }
      case 'readDate':
      case 'billingDate': {
        if (result.readDate === null) values.push('');
        else {
          const pattern =
            f.format === 'file' || f.format === undefined || f.format === 'auto'
              ? patternOf(file.dateSample)
              : f.format;
          values.push(
            pattern === 'YYYYMMDD' ||
              pattern === 'MMDDYYYY' ||
              pattern === 'DD.MM.YYYY' ||
              pattern === 'YYYY-MM-DD'
              ? formatOrderDate(result.readDate, pattern)
              : formatOrderDate(result.readDate, 'YYYY-MM-DD'),
          );
        }
        break;
      }
      case 'readTime': {
        const pattern =
          f.format === 'HHmmss' || f.format === 'HHmm' || f.format === 'HH:mm' ? f.format : 'HH:mm';
        values.push(result.readTime === null ? '' : formatOrderTime(result.readTime, pattern));
        break;
      }
      case 'skipNote':
        values.push('');
        break;
    }
  }
  const side = outsideLimits(value, limits);
  if (side !== null) {
    const codeFill = profile.fills.findIndex((f) => f.value === 'readCode');
    exceptions.push({
      reason: 'limits',
      key: r.key,
      line,
      params: {
        reading: result.reading,
        side,
        low: facts.low ?? '',
        high: facts.high ?? '',
        code: codeFill >= 0 ? (values[codeFill] ?? '') : '',
      },
    });
  }
  return { kind: 'values', values, exceptions, facts };
}

function refuse(
  file: ParsedOrderFile,
  r: OrderRecord,
  readType: string,
  f: ProfileFill,
): RecordFill {
  return {
    kind: 'refused',
    refusal: {
      meter: r.meter,
      key: r.key,
      readType,
      profile: file.profile.name,
      fill: f.value,
    },
  };
}
