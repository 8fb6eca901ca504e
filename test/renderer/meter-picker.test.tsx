// @vitest-environment happy-dom
// The meter picker in the photo detail, keyboard first: typing asks for matching meters, the
// arrows move through them, Enter assigns the highlighted one, Escape leaves without a change.
// In German, its words come from the billing catalogue.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterChoice, Result } from '../../common/ipc';
import { MeterPicker } from '../../renderer/billing/meter-picker';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { doneJob, stubBridge } from './stub-bridge';

const METERS: MeterChoice[] = ['4711', '4712', '4799'].map((meterId, i) => ({
  meterId,
  account: `K-${String(i)}`,
  address: `Lindenweg ${String(i + 1)}`,
  route: 'Nord',
  sequence: i + 1,
}));

function setup(language: 'en' | 'de' = 'en', { hold = false } = {}) {
  const base = stubBridge([doneJob(5, '00012.5')]);
  const asked: string[] = [];
  // With hold, each search's answer waits until the test lets it go (a slow main process).
  const held: (() => void)[] = [];
  const assigned: unknown[] = [];
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'findMeters')
        return ({ query }: { query: string }): Promise<Result<MeterChoice[]>> => {
          asked.push(query);
          const answer = {
            ok: true,
            value: METERS.filter((m) => m.meterId.includes(query)),
          } as const;
          if (!hold) return Promise.resolve(answer);
          return new Promise((resolve) =>
            held.push(() => {
              resolve(answer);
            }),
          );
        };
      if (prop === 'assignMeter')
        return (r: { jobId: number; meterId: string }) => {
          assigned.push(r);
          return Promise.resolve({ ok: true, value: { ...doneJob(5, '00012.5'), ...r } });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <MeterPicker jobId={5} current={null} />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { asked, assigned, store, held };
}

afterEach(cleanup);

describe('the meter picker', () => {
  it('filters as the clerk types, moves with the arrows and assigns with Enter', async () => {
    const { asked, assigned } = setup();
    const input = screen.getByRole('combobox', { name: 'Meter for this photo' });
    fireEvent.change(input, { target: { value: '47' } });
    await waitFor(() => {
      expect(screen.getAllByRole('option')).toHaveLength(3);
    });
    expect(asked.at(-1)).toBe('47');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('4712');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { selected: true }).id,
    );
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(assigned).toEqual([{ jobId: 5, meterId: '4712' }]);
    });
  });

  it('Enter typed before the matches arrive waits for them, never picks from an older list', async () => {
    const { asked, assigned, held } = setup('en', { hold: true });
    const input = screen.getByRole('combobox');
    await act(async () => {
      held.shift()?.();
      await Promise.resolve();
    });
    fireEvent.change(input, { target: { value: '47' } });
    await act(async () => {
      held.shift()?.();
      await Promise.resolve();
    });
    expect(screen.getAllByRole('option')).toHaveLength(3);
    // Typed on: the list still shows 4711, 4712, 4799 when the arrow and Enter land.
    fireEvent.change(input, { target: { value: '4799' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(assigned).toEqual([]);
    expect(asked.at(-1)).toBe('4799');
    await act(async () => {
      held.shift()?.();
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(assigned).toEqual([{ jobId: 5, meterId: '4799' }]);
    });
  });

  it('says when nothing matches, and Escape assigns nothing', async () => {
    const { assigned } = setup();
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: '0000' } });
    await screen.findByText('No meter matches “0000”.');
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(assigned).toEqual([]);
  });

  it('speaks German from the billing catalogue', () => {
    setup('de');
    expect(screen.getByRole('combobox', { name: 'Zähler für dieses Foto' })).toBeTruthy();
    expect(screen.getByText('↑/↓ wählen · Eingabe zuordnen · Esc abbrechen')).toBeTruthy();
  });
});
