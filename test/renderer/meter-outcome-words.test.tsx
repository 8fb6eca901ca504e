// @vitest-environment happy-dom
// Why a meter waits, in the window (issue 29, item 6): a meter whose photo the photo checks hold
// says so in the meter list and in its detail, in English and German, instead of a bare "Missing"
// and "No photo of this meter yet" (the held photo shown with it, its own reason); an estimate
// says it is one.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterDetail, MeterRow } from '../../common/ipc';
import { jobMessage } from '../../common/job-messages';
import { MeterFacts } from '../../renderer/billing/meter-facts';
import { MeterList } from '../../renderer/billing/meter-list';
import { MeterAlone } from '../../renderer/billing/meter-section';
import { meterDetail } from './meter-detail';
import { meterRow } from './meter-rows';
import { renderWithStore } from './render-app';
import { job } from './stub-bridge';

afterEach(cleanup);

async function show(
  lang: 'en' | 'de',
  rows: readonly MeterRow[],
  detail: MeterDetail,
): Promise<() => void> {
  const { store } = await renderWithStore(
    <>
      <MeterList />
      <MeterAlone />
    </>,
    { lang },
  );
  act(() => {
    store.setState({ meterPage: { rows, total: rows.length }, meterOfDetail: detail });
  });
  return () => {
    store.getState().stop();
  };
}

const HELD = { code: 'held', count: 1 } as const;

describe('a meter whose photo is held', () => {
  it.each([
    ['en', 'Photo held', /its photo is held by the photo checks/],
    ['de', 'Foto zurückgehalten', /Sein Foto wird von der Fotoprüfung zurückgehalten/],
  ] as const)('says so in %s', async (lang, tag, line) => {
    const row: MeterRow = { ...meterRow('4711', 1, 'missing', null), said: HELD };
    const detail = meterDetail('4711', {
      state: 'missing',
      reading: null,
      chosenJobId: null,
      said: HELD,
    });
    const stop = await show(lang, [row], detail);
    expect(screen.getByTestId('meter-row').querySelector('.tag')?.textContent).toBe(tag);
    expect(screen.getByTestId('facts-outcome').textContent).toMatch(line);
    // Not "no photo of this meter yet": it has one, held.
    expect(screen.queryByText(/No photo of this meter|Noch kein Foto/)).toBeNull();
    stop();
  });
});

describe('the held photo shown beside its meter', () => {
  it.each([
    ['en', /held by the photo checks.* Held, not sent: too dark to read$/],
    ['de', /von der Fotoprüfung zurückgehalten.* Zurückgehalten, nicht gesendet: zu dunkel/],
  ] as const)('says its own reason in %s', async (lang, line) => {
    const detail = meterDetail('4711', {
      state: 'missing',
      reading: null,
      chosenJobId: null,
      said: HELD,
    });
    const photo = job(3, {
      meterId: '4711',
      holdReason: 'too_dark',
      errorMessage: jobMessage('heldTooDark', {}),
    });
    const { store } = await renderWithStore(<MeterFacts detail={detail} job={photo} />, { lang });
    expect(screen.getByTestId('facts-outcome').textContent).toMatch(line);
    store.getState().stop();
  });
});

describe('a meter with two different photos', () => {
  it.each([
    ['en', '2 different photos of this meter with different readings: confirm the right one.'],
    [
      'de',
      '2 verschiedene Fotos dieses Zählers mit verschiedenen Ständen: Bitte das richtige bestätigen.',
    ],
  ] as const)('says why it is flagged in %s, beside a plausible check', async (lang, line) => {
    const detail = meterDetail('4711', {
      state: 'flagged',
      check: {
        level: 'ok',
        useOnBill: true,
        consumption: 12,
        rolledOver: false,
        baseline: null,
        flagged: [],
        dateFlags: [],
        dateNote: null,
      },
      said: { code: 'different_photos', count: 2, spread: null },
    });
    const stop = await show(lang, [], detail);
    expect(screen.getByTestId('facts-level').textContent).toBe(
      lang === 'en' ? 'Plausible' : 'Plausibel',
    );
    expect(screen.getByTestId('facts-outcome').textContent).toBe(line);
    stop();
  });
});

describe('an estimate', () => {
  it.each([
    ['en', 'Estimated'],
    ['de', 'Geschätzt'],
  ] as const)(
    'says it is an estimate in %s, not "passed checks or confirmed"',
    async (lang, word) => {
      const row: MeterRow = {
        ...meterRow('4711', 1, 'confirmed', null),
        reading: '00130.0',
        confirmation: 'estimated',
      };
      const detail = meterDetail('4711', {
        state: 'confirmed',
        reading: '00130.0',
        confirmation: 'estimated',
        readType: 'estimated',
        chosenJobId: null,
      });
      const stop = await show(lang, [row], detail);
      expect(screen.getByTestId('meter-row').querySelector('.tag')?.textContent).toBe(word);
      expect(screen.getByTestId('facts-state').textContent).toBe(word);
      stop();
    },
  );
});
