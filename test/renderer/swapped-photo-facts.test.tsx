// @vitest-environment happy-dom
// A swapped photo's check in the window (issue 25): the meter's facts say Error, never Plausible,
// and "Why it was flagged" says the code on the photo names another meter, in English exactly as
// the CSV's reasons, and in German from the same code and params.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadingCheck } from '../../common/billing/reading-check';
import { checkReasons } from '../../common/billing/plausibility-english';
import { MeterFacts } from '../../renderer/billing/meter-facts';
import { createI18n } from '../../renderer/i18n/i18n';
import { meterDetail } from './meter-detail';

const CHECK: ReadingCheck = {
  level: 'error',
  unchecked: [],
  useOnBill: false,
  consumption: 20,
  rolledOver: false,
  baseline: { reading: '00100.0', readAt: '2026-10-23' },
  flagged: [],
  dateFlags: [],
  codeFlag: {
    code: 'codeNamesOtherMeter',
    params: { code: 'SN-1003', matched: '0002', named: '0003' },
  },
  dateNote: null,
};

function show(language: 'en' | 'de'): void {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MeterFacts detail={meterDetail('0002', { check: CHECK })} job={null} />
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe("a swapped photo's check in the meter's facts", () => {
  it('is an error with its reason, as the export says it', () => {
    show('en');
    expect(screen.getByTestId('facts-level').textContent).toBe('Error');
    const rules = screen.getByTestId('facts-rules').textContent;
    expect(rules).toContain(checkReasons(CHECK));
    expect(rules).toContain(
      'The code on the photo (SN-1003) names meter 0003, not 0002: is it a photo of another meter?',
    );
  });

  it('is worded in German', () => {
    show('de');
    expect(screen.getByTestId('facts-rules').textContent).toContain(
      'Der Code auf dem Foto (SN-1003) nennt den Zähler 0003, nicht 0002',
    );
  });
});
