// @vitest-environment happy-dom
// The code on a photo names another meter of the route (issue 25): the detail says both numbers
// and one button moves the photo to the meter its code names (the assignMeter action); in German
// too. A photo whose code agrees says nothing.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterDetail } from '../../common/ipc';
import type { JobRecord } from '../../common/job-record';
import { CodeMismatchNote } from '../../renderer/billing/code-mismatch-note';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { doneJob, stubBridge } from './stub-bridge';

const job: JobRecord = { ...doneJob(5, '00012.5'), meterId: '4711-0816' };

function detailWith(mismatch: MeterDetail['codeMismatch']): MeterDetail {
  return { codeMismatch: mismatch } as unknown as MeterDetail;
}

const MISMATCH = {
  jobId: 5,
  code: 'codeNamesOtherMeter',
  params: { code: '4711-0815', matched: '4711-0816', named: '4711-0815' },
} as const;
const SWAPPED = detailWith(MISMATCH);

function setup(detail: MeterDetail, language: 'en' | 'de' = 'en') {
  const base = stubBridge([job]);
  const assigned: unknown[] = [];
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'assignMeter')
        return (r: { jobId: number; meterId: string }) => {
          assigned.push(r);
          return Promise.resolve({ ok: true, value: { ...job, ...r } });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <CodeMismatchNote detail={detail} job={job} />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { assigned };
}

afterEach(cleanup);

describe('the code on a photo naming another meter', () => {
  it('says both numbers and moves the photo to the meter its code names', async () => {
    const { assigned } = setup(SWAPPED);
    expect(screen.getByTestId('code-mismatch').textContent).toContain(
      'The code on the photo says 4711-0815; this photo was matched to 4711-0816.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move to meter 4711-0815' }));
    await waitFor(() => {
      expect(assigned).toEqual([{ jobId: 5, meterId: '4711-0815' }]);
    });
  });

  it('is worded in German', () => {
    setup(SWAPPED, 'de');
    expect(screen.getByTestId('code-mismatch').textContent).toContain(
      'Der Code auf dem Foto lautet 4711-0815',
    );
    expect(screen.getByRole('button', { name: 'Zum Zähler 4711-0815 verschieben' })).toBeTruthy();
  });

  it('says nothing when the code agrees or is about another photo', () => {
    setup(detailWith(null));
    expect(screen.queryByTestId('code-mismatch')).toBeNull();
    cleanup();
    setup(detailWith({ ...MISMATCH, jobId: 6 }));
    expect(screen.queryByTestId('code-mismatch')).toBeNull();
  });
});
