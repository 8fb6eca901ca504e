// @vitest-environment happy-dom
// A booked exchange in the meter's facts (issue 33, item 7): the photo's own check said the
// reading was below the previous one (a misread, or an exchange?); once the exchange is booked the
// facts say the old meter was removed at its reading on the day and the new one installed at its
// own, the check over both meters stands, and the old error is gone. English and German.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadingCheck } from '../../common/billing/reading-check';
import type { MeterDetail } from '../../common/ipc';
import { MeterDecisions } from '../../renderer/billing/meter-decisions';
import { MeterFacts } from '../../renderer/billing/meter-facts';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { meterDetail } from './meter-detail';
import { job, stubBridge } from './stub-bridge';

const BASELINE = { reading: '00100.0', readAt: '2026-10-23' };
const PHOTO_CHECK: ReadingCheck = {
  level: 'error',
  useOnBill: false,
  consumption: null,
  rolledOver: false,
  baseline: BASELINE,
  flagged: [
    {
      rule: 'negative',
      level: 'error',
      code: 'negative.consumption',
      params: { reading: '00012.0', below: 88, previous: '00100.0' },
    },
  ],
  dateFlags: [],
  dateNote: null,
};
const OVER_BOTH: ReadingCheck = { ...PHOTO_CHECK, level: 'ok', consumption: 40, flagged: [] };

function exchanged(newSerial: string | null): MeterDetail {
  return meterDetail('M1', {
    state: 'confirmed',
    check: OVER_BOTH,
    consumption: 40,
    decision: {
      id: 4,
      madeAt: '2026-11-23T10:00:00.000Z',
      decision: {
        kind: 'exchange',
        newMeter: 'N1',
        newSerial,
        exchangedAt: '2026-11-20',
        oldFinal: '00130.0',
        newStart: '00002.0',
        reading: null,
      },
    },
    decisionNotes: [
      {
        code: 'exchange_booked',
        params: {
          oldMeter: 'M1',
          oldFinal: '00130.0',
          newMeter: 'N1',
          newSerial: newSerial ?? '',
          newStart: '00002.0',
          exchangedAt: '2026-11-20',
        },
      },
    ],
  });
}

function show(language: 'en' | 'de', detail: MeterDetail): void {
  const photo = job(7, { meterId: 'M1', plausibilityDetail: PHOTO_CHECK });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={createAppStore(stubBridge([]), { refreshMs: 10 })}>
        <MeterFacts detail={detail} job={photo} />
        <MeterDecisions detail={detail} photoReading />
      </StoreProvider>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe("a booked exchange in the meter's facts", () => {
  it('shows the photo’s error while no exchange is booked', () => {
    show('en', meterDetail('M1'));
    expect(screen.getByTestId('facts-level').textContent).toBe('Error');
    expect(screen.getByTestId('facts-rules').textContent).toContain('negative consumption');
    expect(screen.queryByTestId('facts-exchange-old')).toBeNull();
  });

  it('says both meters and the day instead of the old error, in English', () => {
    show('en', exchanged('SN-778'));
    expect(screen.getByTestId('facts-exchange-old').textContent).toBe(
      'M1 removed at 00130.0 on 20 Nov 2026',
    );
    expect(screen.getByTestId('facts-exchange-new').textContent).toBe(
      'N1 (serial SN-778) installed at 00002.0',
    );
    expect(screen.getByTestId('facts-level').textContent).toBe('Plausible');
    expect(screen.getByTestId('facts-consumption').textContent).toContain('40');
    expect(screen.queryByTestId('facts-rules')).toBeNull();
    expect(screen.getByTestId('decision-now').textContent).toContain(
      'Meter exchanged on 20 Nov 2026: M1 → N1',
    );
  });

  it('and in German, without a serial', () => {
    show('de', exchanged(null));
    expect(screen.getByTestId('facts-exchange-old').textContent).toBe(
      'M1 ausgebaut mit 00130,0 am 20.11.2026',
    );
    expect(screen.getByTestId('facts-exchange-new').textContent).toBe('N1 eingebaut mit 00002,0');
    expect(screen.getByTestId('decision-notes').textContent).toBe(
      'Zähler gewechselt am 20.11.2026.',
    );
  });
});
