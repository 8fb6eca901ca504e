// @vitest-environment happy-dom
// Meter types in the window's language (issue 22, item 8): the service's 'pointer' and 'roller'
// were shown in English in a German window; a type only the service knows stays as it wrote it.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../renderer/i18n/i18n';
import { meterTypeWords } from '../../renderer/lib/meter-type-words';
import { renderApp } from './render-app';
import { doneJob, stubBridge } from './stub-bridge';

afterEach(cleanup);

describe('meter types', () => {
  it('are worded in German and English; an unknown one is the service’s word', () => {
    const de = createI18n('de').getFixedT('de', 'desk');
    const en = createI18n('en').getFixedT('en', 'desk');
    expect(meterTypeWords('pointer', de)).toBe('Zeigerwerk');
    expect(meterTypeWords('roller', de)).toBe('Rollenzählwerk');
    expect(meterTypeWords('pointer', en)).toBe('dial');
    expect(meterTypeWords('turbine', de)).toBeNull();
  });

  it('the table says the type in the window’s words', async () => {
    const { store } = await renderApp(
      stubBridge([
        doneJob(1, '00001.5', { meterType: 'roller' }),
        doneJob(2, '00002.5', { meterType: 'turbine' }),
      ]),
    );
    const cells = await screen.findAllByRole('gridcell');
    const types = cells.filter((c) => c.classList.contains('td-type'));
    expect(types.map((c) => c.textContent)).toEqual(['roller', 'turbine']);
    expect(types.map((c) => c.hasAttribute('data-i18n-skip'))).toEqual([false, true]);
    store.getState().stop();
  });
});
