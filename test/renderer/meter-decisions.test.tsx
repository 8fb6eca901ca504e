// @vitest-environment happy-dom
// A meter's decisions in the detail (issue 22, items 3 and 4): the exchange, re-read and estimate
// forms send what the clerk typed (German decimal commas as dots), a refusal comes back as a code
// and is said in the window's language, the decision that stands is shown with its Undo, and a
// typed reading carries the route's read day unless the clerk changes it.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterDetail, Result } from '../../common/ipc';
import type { DecisionAnswer } from '../../common/ipc/decision-schemas';
import { HandEntry } from '../../renderer/billing/meter-entry';
import { MeterDecisions } from '../../renderer/billing/meter-decisions';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { meterDetail } from './meter-detail';
import { stubBridge } from './stub-bridge';

const DETAIL = meterDetail('M1');

function setup(answer: (channel: string) => DecisionAnswer, detail: MeterDetail = DETAIL) {
  const base = stubBridge([]);
  const sent: { channel: string; request: unknown }[] = [];
  const reply =
    (channel: string) =>
    (request: unknown): Promise<Result<DecisionAnswer>> => {
      sent.push({ channel, request });
      return Promise.resolve({ ok: true, value: answer(channel) });
    };
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'decideMeter' || prop === 'undoMeterDecision') return reply(prop);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  render(
    <I18nextProvider i18n={createI18n('de')}>
      <StoreProvider store={store}>
        <MeterDecisions detail={detail} photoReading />
        <HandEntry meter={detail.meter} readDay={detail.readDay} />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { sent, base, user: userEvent.setup() };
}

afterEach(cleanup);

describe('meter decisions in the German window', () => {
  it('sends an exchange with decimal commas as dots and says a refusal in German', async () => {
    const { sent, user } = setup(() => ({
      done: false,
      problem: {
        code: 'old_final_below_previous',
        params: { oldFinal: '00090.0', previous: '00100.0' },
      },
    }));
    await user.click(screen.getByTestId('decision-open-exchange'));
    // The day is the route's read day unless the clerk changes it.
    expect(screen.getByTestId<HTMLInputElement>('exchange-exchangedAt').value).toBe('2026-11-20');
    await user.type(screen.getByTestId('exchange-newMeter'), 'N1');
    await user.type(screen.getByTestId('exchange-oldFinal'), '00090,0');
    await user.type(screen.getByTestId('exchange-newStart'), '00002,0');
    await user.click(screen.getByTestId('decision-save'));
    await waitFor(() => {
      expect(sent).toEqual([
        {
          channel: 'decideMeter',
          request: {
            meterId: 'M1',
            decision: {
              kind: 'exchange',
              newMeter: 'N1',
              exchangedAt: '2026-11-20',
              oldFinal: '00090.0',
              newStart: '00002.0',
            },
          },
        },
      ]);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Der Endstand des alten Zählers 00090,0 liegt unter seinem Vorstand 00100,0.',
    );
    // Refused: the form stays open for the clerk to correct it.
    expect(screen.getByTestId('exchange-form')).toBeTruthy();
  });

  it("sends the new meter's serial and the day the clerk chose, and says each new refusal in German", async () => {
    const refusals: DecisionAnswer[] = [
      { done: false, problem: { code: 'new_meter_taken', params: { newMeter: 'M2', route: 'S' } } },
      {
        done: false,
        problem: {
          code: 'exchange_in_future',
          params: { exchangedAt: '2026-11-24', today: '2026-11-23' },
        },
      },
      {
        done: false,
        problem: {
          code: 'exchange_reading_digits',
          params: { which: 'newStart', reading: '00002.05', digits: 5, decimals: 1 },
        },
      },
      { done: false, problem: { code: 'new_meter_needed', params: {} } },
    ];
    let answered = 0;
    const { sent, user } = setup(() => refusals[answered++] ?? { done: true, detail: DETAIL });
    await user.click(screen.getByTestId('decision-open-exchange'));
    await user.type(screen.getByTestId('exchange-newMeter'), 'M2');
    await user.type(screen.getByTestId('exchange-newSerial'), ' SN-778 ');
    await user.clear(screen.getByTestId('exchange-exchangedAt'));
    await user.type(screen.getByTestId('exchange-exchangedAt'), '2026-11-24');
    await user.type(screen.getByTestId('exchange-oldFinal'), '00130');
    await user.type(screen.getByTestId('exchange-newStart'), '00002');
    const said: string[] = [];
    for (let i = 0; i < refusals.length; i++) {
      await user.click(screen.getByTestId('decision-save'));
      said.push((await screen.findByRole('alert')).textContent);
      // Typing clears the problem, as a clerk correcting it sees.
      await user.type(screen.getByTestId('exchange-reading'), '1');
      await user.clear(screen.getByTestId('exchange-reading'));
    }
    expect(said).toEqual([
      'Die Zählernummer M2 gehört schon zu einem anderen Zähler der Ableselisten (Tour S).',
      'Der Wechseltag 24.11.2026 liegt nach heute (23.11.2026).',
      'Der Einbaustand des neuen Zählers 00002,05 passt nicht zum Zählwerk: höchstens 5 Stellen und 1 Nachkommastellen.',
      'Geben Sie die Nummer des neuen Zählers ein.',
    ]);
    expect(sent[0]?.request).toEqual({
      meterId: 'M1',
      decision: {
        kind: 'exchange',
        newMeter: 'M2',
        newSerial: 'SN-778',
        exchangedAt: '2026-11-24',
        oldFinal: '00130',
        newStart: '00002',
      },
    });
  });

  it('sends a re-read with its reason and closes the form when it is made', async () => {
    const { sent, user } = setup(() => ({ done: true, detail: DETAIL }));
    await user.click(screen.getByTestId('decision-open-reread'));
    await user.selectOptions(screen.getByTestId('reread-reason'), 'unreadable');
    await user.type(screen.getByTestId('reread-note'), 'Glas beschlagen');
    await user.click(screen.getByTestId('decision-save'));
    await waitFor(() => {
      expect(screen.queryByTestId('reread-form')).toBeNull();
    });
    expect(sent[0]?.request).toEqual({
      meterId: 'M1',
      decision: { kind: 'reread', reason: 'unreadable', note: 'Glas beschlagen' },
    });
  });

  it('estimates for the route’s read day and shows the standing estimate with its warning and Undo', async () => {
    const estimated: MeterDetail = {
      ...DETAIL,
      decision: {
        id: 3,
        madeAt: '2026-11-23T10:00:00.000Z',
        decision: {
          kind: 'estimate',
          reading: '00145.0',
          readAt: '2026-11-20',
          days: 28,
          consumption: 42,
          avgDailyUse: 1.5,
          consecutive: 2,
        },
      },
      decisionNotes: [
        { code: 'estimated', params: { avgDailyUse: 1.5, days: 28 } },
        { code: 'estimates_in_a_row', params: { count: 2 } },
      ],
    };
    const { sent, user } = setup(() => ({ done: true, detail: DETAIL }), estimated);
    expect(screen.getByTestId('decision-now').textContent).toContain(
      'Geschätzt: 00145,0 zum 20.11.2026',
    );
    expect(screen.getByTestId('decision-notes').textContent).toContain(
      '2. Schätzung in Folge: Zähler ablesen lassen.',
    );
    await user.click(screen.getByTestId('decision-open-estimate'));
    expect(screen.getByTestId<HTMLInputElement>('estimate-date').value).toBe('2026-11-20');
    await user.click(screen.getByTestId('decision-save'));
    await user.click(screen.getByTestId('decision-undo'));
    await waitFor(() => {
      expect(sent.map((s) => s.channel)).toEqual(['decideMeter', 'undoMeterDecision']);
    });
    expect(sent[0]?.request).toEqual({
      meterId: 'M1',
      decision: { kind: 'estimate', readAt: '2026-11-20' },
    });
  });

  it('a typed reading carries the route’s read day, or the day the clerk chose', async () => {
    const { base, user } = setup(() => ({ done: true, detail: DETAIL }));
    const typed = () => base.calls.filter((c) => c.channel === 'typeReading').map((c) => c.request);
    expect(screen.getByTestId<HTMLInputElement>('hand-date').value).toBe('2026-11-20');
    await user.type(screen.getByTestId('hand-reading'), '00130,5{Enter}');
    await waitFor(() => {
      expect(typed()).toEqual([{ meterId: 'M1', reading: '00130.5', readAt: '2026-11-20' }]);
    });
    await user.clear(screen.getByTestId('hand-date'));
    await user.type(screen.getByTestId('hand-date'), '2026-11-19');
    await user.type(screen.getByTestId('hand-reading'), '00131{Enter}');
    await waitFor(() => {
      expect(typed()[1]).toEqual({ meterId: 'M1', reading: '00131', readAt: '2026-11-19' });
    });
  });

  it('names the desk a decision taken from the office was made at; one made here names none', () => {
    const here = {
      id: 3,
      madeAt: '2026-11-20T08:00:00.000Z',
      decision: { kind: 'skip', code: 'no_access', note: null },
    } as const;
    const fromBen: MeterDetail = { ...DETAIL, decision: { ...here, desk: 'ben@pc2' } };
    setup(() => ({ done: true, detail: fromBen }), fromBen);
    expect(screen.getByTestId('decision-now').textContent).toContain(
      'Nicht abgelesen: Kein Zugang',
    );
    expect(screen.getByTestId('decision-desk').textContent).toBe('entschieden an ben@pc2');
    cleanup();
    setup(() => ({ done: true, detail: DETAIL }), { ...DETAIL, decision: here });
    expect(screen.getByTestId('decision-now').textContent).toContain('Nicht abgelesen');
    expect(screen.queryByTestId('decision-desk')).toBeNull();
  });
});
