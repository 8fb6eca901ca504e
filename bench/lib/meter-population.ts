// A route of simulated water meters for the plausibility benchmark: what the route sheet says
// (register, previous reading and date, average daily use, earlier periods for some), what the
// household really used (natural variation, leaks, empty homes, wraps past all nines), and what
// the AI read (the right reading, or a misread of a kind seen in practice). Seeded: the same seed
// gives the same route.
import type { PlausibilityInput } from '../../common/billing/plausibility-types';

export type MeterKind = 'normal' | 'rollover' | 'leak' | 'empty' | 'misread';
export const MISREAD_KINDS = ['digit', 'rolling', 'lost', 'doubled', 'decimal'] as const;
export type MisreadKind = (typeof MISREAD_KINDS)[number];

export interface SimMeter {
  kind: MeterKind;
  misread: MisreadKind | null;
  /** What the rules see. */
  input: PlausibilityInput;
  /** Units really used this period. */
  trueConsumption: number;
  /** |read − true| in units, 0 for a right reading. */
  error: number;
  /** A misread that changes the bill: wrong by more than 3 units and more than half the use. */
  material: boolean;
}

/** Deterministic uniform [0, 1) (mulberry32). */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Draw {
  constructor(private readonly next: () => number) {}
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hi: number): number {
    return Math.floor(this.uniform(lo, hi + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

/** Digits an AI confuses most (shapes), else any other digit. */
const LOOKALIKE: Readonly<Record<string, string>> = {
  '0': '86',
  '1': '74',
  '2': '7',
  '3': '89',
  '4': '19',
  '5': '69',
  '6': '50',
  '7': '12',
  '8': '306',
  '9': '485',
};

const DAY_MS = 86_400_000;
const READ_DAY = Date.UTC(2026, 10, 20);
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A reading as a register shows it: truncated to its decimals, whole part padded to its digits. */
function shown(value: number, digits: number, decimals: number): string {
  const scale = 10 ** decimals;
  const units = Math.floor(value * scale + 1e-9);
  const whole = String(Math.floor(units / scale)).padStart(digits, '0');
  return decimals === 0 ? whole : `${whole}.${String(units % scale).padStart(decimals, '0')}`;
}

const valueOf = (text: string): number => Number(text);

export interface PopulationMix {
  rollover: number;
  leak: number;
  empty: number;
  misread: number;
  /** Share of meters whose earlier periods the rules may use. */
  withHistory: number;
}

export const DEFAULT_MIX: PopulationMix = {
  rollover: 0.03,
  leak: 0.05,
  empty: 0.05,
  misread: 0.15,
  withHistory: 0.5,
};

export function simulateRoute(count: number, seed: number, mix = DEFAULT_MIX): SimMeter[] {
  const d = new Draw(randomSource(seed));
  return Array.from({ length: count }, () => simulateMeter(d, mix));
}

function simulateMeter(d: Draw, mix: PopulationMix): SimMeter {
  const digits = d.chance(0.75) ? 5 : 6;
  const decimals = d.pick([0, 0, 0, 1, 3, 3]);
  const commercial = d.chance(0.03);
  const avg = Math.min(Math.max(0.3 * Math.exp(0.6 * d.normal()), 0.02), 5) * (commercial ? 20 : 1);
  // Each household varies by its own amount around 0.3.
  const sigma = Math.min(Math.max(0.3 * Math.exp(0.3 * d.normal()), 0.12), 0.7);
  const period = d.pick([30, 30, 30, 30, 91, 91, 365]);
  const days = period + d.int(-Math.ceil(period / 10), Math.ceil(period / 10));
  const natural = (n: number): number => avg * n * Math.exp(sigma * d.normal());
  const r = d.uniform(0, 1);
  const kind: MeterKind =
    r < mix.rollover
      ? 'rollover'
      : r < mix.rollover + mix.leak
        ? 'leak'
        : r < mix.rollover + mix.leak + mix.empty
          ? 'empty'
          : r < mix.rollover + mix.leak + mix.empty + mix.misread
            ? 'misread'
            : 'normal';
  const wrap = 10 ** digits;
  const expected = avg * days;
  const history = d.chance(mix.withHistory) ? 4 : 0;
  // Where the register stood at the oldest reading the rules see.
  const earlierUse = Array.from({ length: history }, () => natural(period));
  const before = earlierUse.reduce((a, b) => a + b, 0);
  const previous =
    kind === 'rollover'
      ? wrap - expected * d.uniform(0.1, 0.9)
      : d.uniform(0, wrap * 0.9 - expected * 3 - before);
  const start = previous - before;
  let trueConsumption = natural(days);
  if (kind === 'leak') trueConsumption += avg * days * d.uniform(2, 6);
  if (kind === 'empty') trueConsumption = d.chance(0.8) ? 0 : expected * d.uniform(0, 0.03);
  const previousText = shown(previous, digits, decimals);
  const trueText = shown((previous + trueConsumption) % wrap, digits, decimals);
  const misread = kind === 'misread' ? d.pick(MISREAD_KINDS) : null;
  const readText =
    misread === null ? trueText : misreadOf(d, trueText, misread, previous + trueConsumption);
  const readAtMs = READ_DAY;
  const previousAtMs = readAtMs - days * DAY_MS;
  let at = previousAtMs - history * period * DAY_MS;
  let level = start;
  const earlier: { reading: string; readAt: string }[] = [];
  for (const use of earlierUse) {
    earlier.push({ reading: shown(level, digits, decimals), readAt: day(at) });
    level += use;
    at += period * DAY_MS;
  }
  const error = Math.abs(valueOf(readText) - valueOf(trueText));
  const billedUse = Math.max(valueOf(trueText) - valueOf(previousText), 0);
  return {
    kind: misread !== null && readText === trueText ? 'normal' : kind,
    misread: readText === trueText ? null : misread,
    input: {
      reading: readText,
      readAt: day(readAtMs),
      registerDigits: digits,
      registerDecimals: decimals,
      previous: { reading: previousText, readAt: day(previousAtMs) },
      avgDailyUse: Math.round(avg * 1000) / 1000,
      ...(earlier.length > 0 && { history: earlier }),
    },
    trueConsumption:
      kind === 'rollover' ? valueOf(trueText) + wrap - valueOf(previousText) : billedUse,
    error,
    material: error > 3 && error > 0.5 * trueConsumption,
  };
}

/** The AI's reading of `text` with one fault of `kind`. */
export function misreadOf(d: Draw, text: string, kind: MisreadKind, value: number): string {
  const chars = Array.from(text);
  const digitAt = chars.flatMap((c, i) => (c === '.' ? [] : [i]));
  const at = d.pick(digitAt);
  const c = chars[at] ?? '0';
  switch (kind) {
    case 'digit': {
      const alike = LOOKALIKE[c] ?? '';
      const other =
        d.chance(0.6) && alike ? d.pick(Array.from(alike)) : String((Number(c) + d.int(1, 9)) % 10);
      chars[at] = other;
      return chars.join('');
    }
    case 'rolling': {
      // The drum that turns is the one above the trailing nines of the whole part (the units
      // drum when there are none): caught mid-turn, it is read as its next digit.
      const whole = text.split('.')[0] ?? '';
      const nines = whole.length - whole.replace(/9+$/, '').length;
      const turning = whole.length - 1 - nines;
      if (turning < 0) return text;
      chars[turning] = String((Number(chars[turning]) + 1) % 10);
      return chars.join('');
    }
    case 'lost': {
      chars.splice(at, 1);
      const kept = chars.join('');
      return d.chance(0.5) ? kept : `0${kept}`;
    }
    case 'doubled': {
      chars.splice(at, 0, c);
      const grown = chars.join('');
      return d.chance(0.5) ? grown : grown.slice(1);
    }
    case 'decimal': {
      // The first red drum read as the last whole digit: the window slides one digit right.
      const [whole = '', fraction = ''] = text.split('.');
      const first = fraction[0] ?? String(Math.floor((value * 10) % 10));
      const shifted = `${whole.slice(1)}${first}`;
      return fraction.length > 1 ? `${shifted}.${fraction.slice(1)}` : shifted;
    }
  }
}
