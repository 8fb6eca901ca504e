// @vitest-environment happy-dom
// Where a reading fell against its expectation, in the meter's facts (issue 33, item 6): the
// rules' own figures (checkReading's high/low result, kept as the check's band whether it fired or
// not), said in words and drawn as one bar, in English and German. A reading at +94 % inside a
// wide band and one above a narrow band read differently.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReading } from '../../common/billing/plausibility';
import { bandOf, type ReadingCheck } from '../../common/billing/reading-check';
import { MeterFacts } from '../../renderer/billing/meter-facts';
import { createI18n } from '../../renderer/i18n/i18n';
import { meterDetail } from './meter-detail';

/** The check of `reading` 30 days after 00100.0 at 1.5 units a day (45 expected). */
function checkOf(reading: string): ReadingCheck {
  const out = checkReading({
    reading,
    readAt: '2026-11-22',
    registerDigits: 5,
    registerDecimals: 1,
    previous: { reading: '00100.0', readAt: '2026-10-23' },
    avgDailyUse: 1.5,
  });
  return {
    level: out.checkLevel,
    useOnBill: out.useOnBill,
    consumption: out.consumption,
    rolledOver: out.rolledOver,
    baseline: { reading: '00100.0', readAt: '2026-10-23' },
    flagged: out.results.filter((r) => r.level !== 'ok'),
    dateFlags: [],
    dateNote: null,
    band: bandOf(out.results),
  };
}

function show(language: 'en' | 'de', check: ReadingCheck): HTMLElement {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MeterFacts detail={meterDetail('0002', { check })} job={null} />
    </I18nextProvider>,
  );
  return screen.getByTestId('facts-band');
}

afterEach(cleanup);

describe('the expectation in the meter facts', () => {
  it('keeps the rules’ band for a reading that passed, and says it fell within', () => {
    const check = checkOf('00150.0');
    expect(check.flagged).toEqual([]);
    expect(check.band).toMatchObject({ expected: 45, days: 30 });
    const band = check.band;
    if (!band) throw new Error('no band');
    expect(band.lower).toBeLessThan(45);
    expect(band.upper).toBeGreaterThan(50);
    const shown = show('en', check);
    expect(shown.dataset.fall).toBe('within');
    expect(shown.textContent).toContain('45 m³ in 30 days');
    expect(shown.textContent).toContain('This reading: 50 m³, within the band.');
    expect(shown.textContent).toContain('From the route sheet’s average daily use.');
    const bar = shown.querySelector('svg');
    expect(bar?.getAttribute('aria-label')).toMatch(/^Band from [\d.]+ to [\d.]+ m³, expected 45/);
  });

  it('says a reading above the band, as the rule that fired does', () => {
    const check = checkOf('00400.0');
    expect(check.flagged.map((r) => r.code)).toContain('high_low.high');
    const shown = show('en', check);
    expect(shown.dataset.fall).toBe('above');
    expect(shown.textContent).toContain('This reading: 300 m³, above the band.');
  });

  it('is worded in German with German numbers', () => {
    const check = checkOf('00150.5');
    const shown = show('de', check);
    expect(shown.textContent).toContain('45 m³ in 30 Tagen');
    expect(shown.textContent).toContain('Diese Ablesung: 50,5 m³, innerhalb der Grenzen.');
  });

  it('is not shown for a check stored before the band was kept', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MeterFacts
          detail={meterDetail('0002', { check: { ...checkOf('00150.0'), band: undefined } })}
          job={null}
        />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('facts-band')).toBeNull();
  });
});
