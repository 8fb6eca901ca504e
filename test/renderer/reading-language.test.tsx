// @vitest-environment happy-dom
// Readings and the undo key in the window's language: a German window shows a reading with a
// decimal comma in the table and the review box, and labels the undo key as German keyboards do.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { doneJob, stubBridge } from './stub-bridge';
import { renderApp } from './render-app';

afterEach(cleanup);

const LAST_REVIEW = {
  id: 1,
  relPath: 'photo-000001.jpg',
  action: 'corrected',
  reading: '00123.50',
  reviewedAt: '2026-11-27T02:00:00.000Z',
  restore: { action: null, reading: null, reviewedAt: null },
} as const;

async function shown(language: 'en' | 'de') {
  const bridge = stubBridge([doneJob(1, '00123.45', { toReview: true })]);
  const { store } = await renderApp(bridge, language);
  const cell = await screen.findByTestId('cell-reading');
  const table = cell.textContent;
  await userEvent.setup().keyboard('j');
  const box = await screen.findByTestId('review-box');
  const ai = box.querySelector('.reading-ai')?.textContent;
  const placeholder = within(box).getByRole('textbox').getAttribute('placeholder');
  store.setState({ lastReview: LAST_REVIEW });
  const undo = await screen.findByTestId('review-undo');
  const result = { table, ai, placeholder, undo: undo.textContent };
  store.getState().stop();
  return result;
}

describe('a reading in the window', () => {
  it('has a decimal comma in German, in the table and the review box; the key says Strg', async () => {
    const de = await shown('de');
    expect(de.table).toBe('00123,45');
    expect(de.ai).toBe('00123,45');
    expect(de.placeholder).toBe('00123,45');
    expect(de.undo).toContain('00123,50');
    expect(de.undo).toContain('Strg+Z');
    expect(de.undo).not.toContain('Ctrl');
  });

  it('has a decimal point in English; the key says Ctrl', async () => {
    const en = await shown('en');
    expect(en.table).toBe('00123.45');
    expect(en.ai).toBe('00123.45');
    expect(en.undo).toContain('00123.50');
    expect(en.undo).toContain('Ctrl+Z');
  });
});
