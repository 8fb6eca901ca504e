// The window's wording of flagged plausibility rules: in English the same sentences as the CSV's
// (common/billing/plausibility-english.ts), in German from the same code and numbers; neither reads
// the other. (The job history's words: job-words.test.ts.)
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../renderer/i18n/i18n';
import { ruleLine } from '../../renderer/billing/rule-words';
import { PLAUSIBILITY_ENGLISH, ruleEnglish } from '../../common/billing/plausibility-english';
import type { RuleResult } from '../../common/billing/plausibility-types';
import { after, check } from '../billing/plausibility-cases';
import {
  checkReadDates,
  readDateEnglish,
  type DatedPhoto,
} from '../../common/billing/read-date-checks';

type Params = Readonly<Record<string, string | number>>;

const en = createI18n('en').getFixedT('en', 'billing');
const de = createI18n('de').getFixedT('de', 'billing');

function flagged(outcome: ReturnType<typeof check>, code: string): RuleResult {
  const r = outcome.results.find((x) => x.code === code);
  if (!r) throw new Error(`no ${code} in ${outcome.results.map((x) => x.code).join(', ')}`);
  return r;
}

const high = flagged(
  check({ ...after(86), readAt: '2026-10-22', avgDailyUse: 5 }),
  'high_low.high',
);
const low = flagged(check({ ...after(1), readAt: '2026-10-13', avgDailyUse: 5 }), 'high_low.low');
const jumpFactor = flagged(check({ ...after(80), avgDailyUse: 0.1 }), 'daily_jump.exceeded');
const jumpLimit = flagged(
  check(
    {
      reading: '17.9',
      previous: { reading: '16.5', readAt: '2026-11-10' },
      registerDigits: 2,
      registerDecimals: 1,
      avgDailyUse: null,
    },
    { dailyJump: { maxFactor: 5, maxUnitsPerDay: 1 } },
  ),
  'daily_jump.exceeded',
);
const negative = flagged(check({ reading: '00090' }), 'negative.consumption');
const zero = flagged(check({ reading: '00100' }), 'zero.consumption');
const formats = [
  flagged(check({ reading: 'I27' }), 'format.not_a_number'),
  flagged(check({ reading: '12345678901234567' }), 'format.too_long'),
  flagged(check({ reading: '001270' }), 'format.too_many_digits'),
  flagged(check({ reading: '00127.5' }), 'format.too_many_decimals'),
  flagged(check({ reading: '127', previous: null }), 'format.too_few_digits'),
];

describe('plausibility sentences in the window', () => {
  it.each<[string, RuleResult]>([
    ['high', high],
    ['low', low],
    ['a jump by a factor', jumpFactor],
    ['a jump over a fixed limit', jumpLimit],
    ['a negative consumption', negative],
    ['no consumption', zero],
    ...formats.map((r): [string, RuleResult] => [r.code, r]),
  ])('say %s in English exactly as the CSV does', (_name, r) => {
    expect(ruleLine(r, en, 'en')).toEqual({ worded: ruleEnglish(r) });
  });

  it('say them in German from the code and numbers', () => {
    expect(ruleLine(high, de, 'de')).toEqual({
      worded:
        '86 m³ in 10 Tagen liegen 72 % über dem erwarteten Verbrauch von 50 m³ (5 m³/Tag × 10; Grenze +70 %).',
    });
    expect(ruleLine(jumpLimit, de, 'de')).toEqual({
      worded:
        '1,4 m³ seit 10.11.2026 sind 1,4 m³/Tag, mehr als die Grenze von 1 m³/Tag: eine falsch abgelesene Ziffer?',
    });
    expect(ruleLine(zero, de, 'de')).toEqual({
      worded:
        'Kein Verbrauch in 30 Tagen seit 12.10.2026: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
    });
    expect(ruleLine(formats[4] ?? zero, de, 'de')).toEqual({
      worded:
        'Der Zählerstand 127 hat 3 Stelle(n) vor dem Komma; das Zählwerk zeigt 5 (führende Nullen weggelassen? 00127).',
    });
    const factor = ruleLine(jumpFactor, de, 'de');
    expect('worded' in factor && factor.worded).toMatch(
      /-Fache des üblichen Verbrauchs von 0,1 m³/,
    );
  });

  // The read-date rule and flags: main's sentences in English, worded again in German.
  const unreadable = flagged(check({ readAt: 'yesterday' }), 'dates.unreadable');
  const previousAfter = flagged(
    check({ previous: { reading: '00100', readAt: '2026-11-20' } }),
    'dates.previous_after_read',
  );
  const exif = (key: string, readAt: string): DatedPhoto => ({
    key,
    readAt,
    source: 'exif',
    offsetKnown: true,
  });
  const dateFlags = checkReadDates(
    [
      exif('a', '2026-10-12T08:00:00Z'),
      exif('b', '2026-10-12T09:00:00Z'),
      exif('c', '2026-10-13T09:00:00Z'),
      exif('d', '2026-10-13T10:00:00Z'),
      exif('early', '2026-09-01T07:15:00Z'),
      exif('future', '2026-10-25T14:30:00+02:00'),
    ],
    new Date('2026-10-20T12:00:00Z'),
  );
  // A read-date flag carries no English: main's is worded from its code (readDateEnglish).
  const dateCases: [string, { code: string; text: string; params: Params }][] = [
    ['an unreadable read date', { ...unreadable, text: ruleEnglish(unreadable) }],
    [
      'a previous reading dated after this one',
      { ...previousAfter, text: ruleEnglish(previousAfter) },
    ],
    ...dateFlags.map((f): [string, { code: string; text: string; params: Params }] => [
      `${f.code} (${f.key})`,
      { ...f, text: readDateEnglish(f) },
    ]),
  ];

  it('finds the date flags it words', () => {
    expect(dateFlags.map((f) => `${f.key} ${f.code}`).sort()).toEqual([
      'early read_date.far_from_route',
      'future read_date.far_from_route',
      'future read_date.future',
    ]);
  });

  it.each(dateCases)('say %s in English exactly as main wrote it', (_name, r) => {
    expect(ruleLine(r, en, 'en')).toEqual({ worded: r.text });
  });

  it('word a read-date flag from its code and params alone, as the queue stores it', () => {
    for (const f of dateFlags) {
      const stored = { code: f.code, params: f.params };
      expect(ruleLine(stored, de, 'de')).toHaveProperty('worded');
      expect(ruleLine(stored, en, 'en')).toEqual({ worded: readDateEnglish(f) });
    }
  });

  it('say the read-date rules and flags in German', () => {
    const german = dateCases.map(([, r]) => ruleLine(r, de, 'de'));
    expect(german).toEqual([
      {
        worded:
          'Das Ablesedatum „yesterday“ ist nicht lesbar; der Verbrauch pro Tag wird nicht geprüft.',
      },
      {
        worded:
          'Die vorherige Ablesung ist auf den 20.11.2026 datiert, also nach dieser Ablesung (11.11.2026).',
      },
      {
        worded:
          'Aufgenommen am 25.10.2026 14:30, also in der Zukunft: Die Uhr der Kamera geht vermutlich falsch.',
      },
      {
        worded:
          'Aufgenommen am 01.09.2026 07:15, 42 Tage vor den meisten Fotos dieser Route (um den 13.10.2026): Bitte die Uhr der Kamera prüfen.',
      },
      {
        worded:
          'Aufgenommen am 25.10.2026 14:30, 13 Tage nach den meisten Fotos dieser Route (um den 12.10.2026): Bitte die Uhr der Kamera prüfen.',
      },
    ]);
  });

  it('quote a code they do not know with its params', () => {
    const r = { code: 'zero.zero', params: { days: 30 } };
    expect(ruleLine(r, de, 'de')).toEqual({ quoted: '"zero.zero" (days=30)' });
    expect(ruleEnglish(r)).toBe('"zero.zero" (days=30)');
  });

  it('say an invalid previous reading in both languages', () => {
    const r = flagged(
      check({ previous: { reading: 'x7', readAt: '2026-10-12' } }),
      'negative.previous_invalid',
    );
    expect(ruleLine(r, en, 'en')).toEqual({ worded: ruleEnglish(r) });
    expect(ruleLine(r, de, 'de')).toEqual({
      worded: 'Der vorherige Zählerstand „x7“ ist keine Zahl; der Verbrauch wird nicht geprüft.',
    });
  });

  it('say the same in German when the English template is renamed: the window never reads it', () => {
    const templates = PLAUSIBILITY_ENGLISH as Record<string, (p: Params) => string>;
    const before = templates['high_low.high'];
    templates['high_low.high'] = () => 'Far too much water.';
    try {
      expect(ruleEnglish(high)).toBe('Far too much water.');
      expect(ruleLine(high, de, 'de')).toEqual({
        worded:
          '86 m³ in 10 Tagen liegen 72 % über dem erwarteten Verbrauch von 50 m³ (5 m³/Tag × 10; Grenze +70 %).',
      });
    } finally {
      if (before) templates['high_low.high'] = before;
    }
  });

  it('word a result stored by an older MeterDesk (a `text`, no unit) from its code and params', () => {
    const params = Object.fromEntries(Object.entries(high.params).filter(([k]) => k !== 'unit'));
    const stored = { ...high, params, text: 'An old sentence nobody reads.' };
    expect(ruleEnglish(stored)).toBe(ruleEnglish(high));
    expect(ruleLine(stored, de, 'de')).toEqual(ruleLine(high, de, 'de'));
  });
});
