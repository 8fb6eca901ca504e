// An inspection list row's reason in English, from its code and numbers (the CSV and the CLI).
import { humanDateOf } from './calendar';
import type { InspectionRow } from './history-inspection';
import { amount } from './plausibility-text';

type Params = InspectionRow['params'];
const num = (p: Params, key: string): number => Number(p[key] ?? NaN);
const since = (p: Params): string => {
  const day = p.since;
  return typeof day === 'string' && day !== '' ? ` since ${humanDateOf(day)}` : '';
};

/** A fall that rounds to 0.0 % a month: said as such, never "falling 0%". */
export const slight = (p: Params): boolean => Math.abs(num(p, 'percent')) < 0.1;

const ENGLISH: Readonly<Record<InspectionRow['code'], (p: Params) => string>> = {
  zero_streak: (p) =>
    `No consumption for ${String(num(p, 'count'))} ${num(p, 'count') === 1 ? 'period' : 'periods'} in a row${since(p)} on an active account: is the meter stuck?`,
  vacant_use: (p) =>
    `${amount(num(p, 'used'))} used in the last period${since(p)} on an account marked vacant.`,
  falling: (p) =>
    `Use falling ${slight(p) ? 'less than 0.1' : String(Math.abs(num(p, 'percent')))}% a month over ${String(num(p, 'periods'))} periods${since(p)}, the season taken out: a meter slowing down?`,
};

export function inspectionEnglish(row: Pick<InspectionRow, 'code' | 'params'>): string {
  return ENGLISH[row.code](row.params);
}
