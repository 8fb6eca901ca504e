// Numbers and dates inside the rules' sentences: the same in every locale (the window translates
// from code + params), readable by a clerk.
import { humanDateOf } from './calendar';

/** 51,500 / 0.9 / 22.956: grouping, at most three decimals. */
export function amount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/** 6.7x below ten, 12x above. */
export function times(ratio: number): string {
  return ratio < 10 ? `${(Math.round(ratio * 10) / 10).toFixed(1)}x` : `${Math.round(ratio)}x`;
}

export function percent(value: number): string {
  return `${Math.round(value)}%`;
}

/** " since 12 Oct 2026", or "" when the previous reading has no date. */
export function since(previousReadAt: string | null): string {
  return previousReadAt === null ? '' : ` since ${humanDateOf(previousReadAt)}`;
}

/** 99999 for 5 digits, 99999.999 with 3 decimals. */
export function allNines(digits: number, decimals: number): string {
  return '9'.repeat(digits) + (decimals > 0 ? `.${'9'.repeat(decimals)}` : '');
}
