// @vitest-environment happy-dom
// The consumption chart beside the photo (issue 33, item 8), in English and German: one bar per
// period of the meter's history in the colour of who read it, estimates marked on the axis, and
// this reading's period last with the band the rules allowed, red when it fell outside.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { meterHistoryOf } from '../../common/billing/meter-history-view';
import type { CheckBand } from '../../common/billing/reading-check';
import { ConsumptionChart } from '../../renderer/billing/consumption-chart';
import { createI18n } from '../../renderer/i18n/i18n';

const history = meterHistoryOf([
  { readAt: '2026-07-01', reading: '00100', readType: 'actual' },
  { readAt: '2026-08-01', reading: '00131', readType: 'actual' },
  { readAt: '2026-08-15', reading: '00140', readType: 'estimated' },
  { readAt: '2026-09-01', reading: '00150', readType: 'customer' },
  { readAt: '2026-10-01', reading: '00180', readType: 'actual' },
]);
const band: CheckBand = { expected: 30, lower: 15, upper: 60, days: 30, unit: 'm³' };

function show(lang: 'en' | 'de', consumption: number): HTMLElement {
  if (!history) throw new Error('no history');
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ConsumptionChart history={history} current={{ consumption, band }} />
    </I18nextProvider>,
  );
  return screen.getByTestId('consumption-chart');
}

afterEach(cleanup);

describe('the consumption chart', () => {
  it('draws a bar per period by who read it, the estimate and this reading in its band', () => {
    const chart = show('en', 33);
    const bars = [...chart.querySelectorAll('rect.chart-bar')];
    expect(bars.map((b) => b.getAttribute('class'))).toEqual([
      'chart-bar chart-actual',
      'chart-bar chart-customer',
      'chart-bar chart-actual',
      'chart-bar chart-now',
    ]);
    // 31 m³ in 31 days is drawn as high as 30 in 30: a bar is use per day.
    expect(bars[0]?.getAttribute('height')).toBe(bars[2]?.getAttribute('height'));
    expect(chart.querySelectorAll('.chart-estimate title')[0]?.textContent).toBe(
      'Estimated by billing on 15 Aug 2026',
    );
    expect(chart.querySelector('svg')?.getAttribute('aria-label')).toBe(
      'Use per day in 3 periods from 1 Jul 2026 to 1 Oct 2026: 0.61 to 1 m³ a day',
    );
    expect(chart.querySelector('figcaption')?.textContent).toBe(
      'Use per day over the last periods (m³)',
    );
  });

  it('shows a reading outside its band in red', () => {
    const chart = show('en', 90);
    expect(chart.querySelector('[data-testid="chart-now"] .chart-out')).not.toBeNull();
  });

  it('is worded in German', () => {
    const chart = show('de', 33);
    expect(chart.querySelector('figcaption')?.textContent).toBe(
      'Verbrauch pro Tag in den letzten Zeiträumen (m³)',
    );
    expect(chart.textContent).toContain('Vom Kunden abgelesen');
    expect(chart.textContent).toContain('Jetzt');
    expect(chart.querySelector('svg')?.getAttribute('aria-label')).toContain(
      '0,61 bis 1 m³ am Tag',
    );
  });
});
