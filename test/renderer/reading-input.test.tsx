// @vitest-environment happy-dom
// One rule for a typed reading in both boxes that take one (common/billing/reading-input.ts): the
// review's correction and a reading typed by hand for a meter. In the German window "123,4" is a
// reading in both, sent on with a dot, and both refuse the same input in the same words.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegisterSetup } from '../../common/billing/reading-input';
import { HandEntry } from '../../renderer/billing/meter-entry';
import { ReviewBox } from '../../renderer/components/review-box';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { doneJob, stubBridge } from './stub-bridge';

const NO_SETUP: RegisterSetup = { registerDigits: null, registerDecimals: null };

function setup(register: RegisterSetup = NO_SETUP) {
  const flagged = doneJob(1, '00123.400', { toReview: true, resultSource: 'cached_stale' });
  const bridge = stubBridge([flagged]);
  const store = createAppStore(bridge, { refreshMs: 10 });
  render(
    <I18nextProvider i18n={createI18n('de')}>
      <StoreProvider store={store}>
        <ReviewBox job={flagged} stale={false} />
        <HandEntry meter={{ meterId: '4711', ...register }} />
      </StoreProvider>
    </I18nextProvider>,
  );
  const sent = (channel: string): unknown[] =>
    bridge.calls.filter((c) => c.channel === channel).map((c) => c.request);
  return { sent, user: userEvent.setup() };
}

afterEach(cleanup);

describe('a typed reading in the German window', () => {
  it('takes 123,4 in the review box and in hand entry, and sends 123.4', async () => {
    const { sent, user } = setup();
    await user.type(screen.getByTestId('correct-input'), '123,4{Enter}');
    await user.type(screen.getByTestId('hand-reading'), '123,4{Enter}');
    await waitFor(() => {
      expect(sent('review')).toEqual([{ id: 1, action: 'correct', reading: '123.4' }]);
      expect(sent('typeReading')).toEqual([{ meterId: '4711', reading: '123.4' }]);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses thousands separators in both boxes in the same words', async () => {
    const { sent, user } = setup();
    await user.type(screen.getByTestId('correct-input'), '1.234,5{Enter}');
    await user.type(screen.getByTestId('hand-reading'), '1.234,5{Enter}');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Tausendertrennzeichen') as unknown,
      alerts[0]?.textContent,
    ]);
    expect(sent('review')).toEqual([]);
    expect(sent('typeReading')).toEqual([]);
  });

  it("holds hand entry to the meter's register from the route sheet", async () => {
    const { sent, user } = setup({ registerDigits: 9, registerDecimals: 0 });
    const box = screen.getByTestId('hand-reading');
    await user.type(box, '12,5{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Dieser Zähler hat keine Nachkommastellen.',
    );
    await user.clear(box);
    await user.type(box, '123456789{Enter}');
    await waitFor(() => {
      expect(sent('typeReading')).toEqual([{ meterId: '4711', reading: '123456789' }]);
    });
  });
});
