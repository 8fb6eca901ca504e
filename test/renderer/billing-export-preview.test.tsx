// @vitest-environment happy-dom
// The billing export dialog shows the file's first lines before anything is written, exactly as
// the writer makes them (the template being edited, the sheet's dialect, read_at in the office's
// time zone), and explains each column in the window's language.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_FIELDS } from '../../common/billing/export-template';
import type { BillingOverview, BillingPreview, Result } from '../../common/ipc';
import { BillingExportDialog } from '../../renderer/billing/billing-export';
import { en, PSEUDO } from '../../renderer/i18n/catalogues';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { checkReasons } from '../../common/billing/plausibility-english';
import { billingRow } from '../billing/billing-rows';
import { after, check } from '../billing/plausibility-cases';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

const HIGH = {
  flagged: check({ ...after(86), readAt: '2026-10-22', avgDailyUse: 5 }).results.filter(
    (r) => r.level !== 'ok',
  ),
  dateFlags: [],
};

const GERMAN_SHEET: BillingPreview = {
  rows: [
    billingRow({
      readAt: '2026-11-10T23:30:00.000Z',
      address: 'Hauptstraße 1; Hinterhaus',
      sheetCells: { Auftragsnummer: 'A-0001' },
    }),
    billingRow({ meterId: '=cmd', reading: '00042', registerDecimals: 0, consumption: 3 }),
    billingRow({
      meterId: 'Z-HIGH',
      plausibility: 'warning',
      reasons: checkReasons(HIGH),
      reasonParts: { before: [], check: HIGH, after: [], copies: 0 },
    }),
  ],
  dialect: { encoding: 'windows-1252', delimiter: ';', decimalMark: ',', dateFormat: 'dd.mm.yyyy' },
  timeZone: 'Europe/Berlin',
  sheetColumns: ['Auftragsnummer'],
};

async function setup(
  language: 'en' | 'de' | typeof PSEUDO = 'en',
  templateJson: string | null = null,
) {
  const sent: unknown[] = [];
  const scopes: unknown[] = [];
  const base = stubBridge([]);
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'billingOverview')
        return async (): Promise<Result<BillingOverview>> => {
          const value = await base.billingOverview();
          return value.ok ? { ok: true, value: { ...value.value, templateJson } } : value;
        };
      if (prop === 'billingPreview')
        return (r: { scope: string }): Promise<Result<BillingPreview>> => {
          scopes.push(r.scope);
          return Promise.resolve({ ok: true, value: GERMAN_SHEET });
        };
      if (prop === 'exportBilling')
        return (r: unknown) => {
          sent.push(r);
          return Promise.resolve({ ok: true, value: { canceled: true } });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  await store.getState().refreshBilling();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <BillingExportDialog onClose={() => undefined} kindSwitch={null} />
      </StoreProvider>
    </I18nextProvider>,
  );
  await act(async () => {
    await Promise.resolve();
  });
  return { sent, scopes };
}

const previewText = (): string => screen.getByTestId('billing-preview').textContent;

/** Text of the preview's part the window says itself (data skipped), node by node. */
function ownWords(root: Element): string[] {
  const words: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[data-i18n-skip]')) continue;
    const text = node.textContent?.trim() ?? '';
    if (/\p{L}/u.test(text)) words.push(text);
  }
  return words;
}

describe('the billing export preview', () => {
  it("shows the first lines in the sheet's dialect, as the file will hold them", async () => {
    const { sent } = await setup();
    const [header, first, second] = previewText().split('\n');
    expect(header?.startsWith('meter_id;account;route;sequence;read_at;reading;')).toBe(true);
    // read_at in the office's zone, dotted; decimal comma; a formula neutralised; ";" quoted.
    expect(first).toContain(';4711;R12;3;11.11.2026 00:30:00;00127,500;00127,5;auto_accepted;');
    expect(second?.startsWith("'=cmd;")).toBe(true);
    expect(screen.getByTestId('billing-preview-format').textContent).toBe(
      'Windows-1252 · separator “;” · decimal mark “,” · dates dd.mm.yyyy · Separator, decimal mark, dates and encoding follow the loaded route sheet.',
    );
    expect(screen.getByTestId('billing-preview-read-at').textContent).toContain('(Europe/Berlin)');
    // The export sent is the one previewed: the sheet's dialect.
    await act(async () => {
      fireEvent.click(screen.getByTestId('billing-export-run'));
      await Promise.resolve();
    });
    const json = (sent[0] as { templateJson: string }).templateJson;
    expect(JSON.parse(json)).toMatchObject({
      delimiter: ';',
      decimalMark: ',',
      dateFormat: 'dd.mm.yyyy',
      encoding: 'windows-1252',
    });
  });

  it('follows the template as it is edited, and the scope as it is chosen', async () => {
    const { scopes } = await setup();
    fireEvent.click(screen.getByTestId('template-edit'));
    fireEvent.change(screen.getByTestId('template-delimiter'), { target: { value: '\t' } });
    expect(previewText().split('\n')[0]?.startsWith('meter_id\taccount\troute')).toBe(true);
    expect(screen.getByTestId('billing-preview-format').textContent).not.toContain('follow');
    await act(async () => {
      fireEvent.click(screen.getByTestId('billing-scope-all'));
      await Promise.resolve();
    });
    expect(scopes).toEqual(['finished', 'all']);
  });

  it("words the reasons in the file's language, or the one the template is given", async () => {
    const { sent } = await setup();
    // The sheet's dialect is German (";", decimal comma, 12.10.2026): so are its reasons.
    expect(previewText()).toContain('über dem erwarteten Verbrauch von 50 m³');
    fireEvent.click(screen.getByTestId('template-edit'));
    expect(screen.getByTestId<HTMLSelectElement>('template-language').value).toBe('de');
    fireEvent.change(screen.getByTestId('template-language'), { target: { value: 'en' } });
    expect(previewText()).toContain('above the expected 50 m³');
    expect(previewText()).not.toContain('über dem erwarteten');
    await act(async () => {
      fireEvent.click(screen.getByTestId('billing-export-run'));
      await Promise.resolve();
    });
    const json = (sent[0] as { templateJson: string }).templateJson;
    expect(JSON.parse(json)).toMatchObject({ language: 'en' });
  });

  it("words the reasons in the window's language when neither template nor file says", async () => {
    // A saved template in the plain default's format (dot, ISO dates) that names no language.
    const saved = JSON.stringify({
      version: 1,
      name: 'Office',
      columns: [
        { field: 'meter_id', header: 'meter' },
        { field: 'reasons', header: 'reasons' },
      ],
    });
    const german = await setup('de', saved);
    expect(previewText()).toContain('über dem erwarteten Verbrauch von 50 m³');
    fireEvent.click(screen.getByTestId('template-edit'));
    expect(screen.getByTestId<HTMLSelectElement>('template-language').value).toBe('de');
    await act(async () => {
      fireEvent.click(screen.getByTestId('billing-export-run'));
      await Promise.resolve();
    });
    const json = (german.sent[0] as { templateJson: string }).templateJson;
    expect(JSON.parse(json)).toMatchObject({ language: 'de', decimalMark: '.' });
    cleanup();
    // The same template from an English window: English, as before.
    const english = await setup('en', saved);
    expect(previewText()).toContain('above the expected 50 m³');
    await act(async () => {
      fireEvent.click(screen.getByTestId('billing-export-run'));
      await Promise.resolve();
    });
    const sentEn = (english.sent[0] as { templateJson: string }).templateJson;
    expect(JSON.parse(sentEn)).not.toHaveProperty('language');
  });

  it('a saved template wins over the sheet', async () => {
    const saved = JSON.stringify({
      version: 1,
      name: 'Office',
      columns: [{ field: 'meter_id', header: 'Zähler' }],
    });
    await setup('en', saved);
    expect(previewText().split('\n')).toEqual(['Zähler', '000451', "'=cmd", 'Z-HIGH']);
  });

  it('explains every column, in English and in German', async () => {
    await setup();
    const fields = screen.getByTestId('billing-fields');
    expect(fields.querySelectorAll('dd')).toHaveLength(19);
    expect(fields.textContent).toContain('auto_accepted (passed every check, nobody looked at it)');
    for (const field of EXPORT_FIELDS) expect(en.export.fields[field]).toMatch(/\.$/);
    cleanup();
    await setup('de');
    expect(screen.getByTestId('billing-fields').textContent).toContain(
      'confirmed (eine Person hat den KI-Stand bestätigt)',
    );
    expect(screen.getByTestId('billing-preview-format').textContent).toContain('Trennzeichen „;“');
  });

  it('takes every word of its own from the catalogues (pseudo-locale)', async () => {
    await setup(PSEUDO);
    const root = screen.getByTestId('billing-preview').parentElement;
    if (!root) throw new Error('no preview');
    const words = ownWords(root);
    expect(words.length).toBeGreaterThan(20);
    expect(words.filter((w) => !w.includes('⟦'))).toEqual([]);
  });

  it("offers the sheet's own columns in the editor and carries them through", async () => {
    await setup();
    fireEvent.click(screen.getByTestId('template-edit'));
    fireEvent.click(screen.getByTestId('template-include-sheet:Auftragsnummer'));
    const [header, first, second] = previewText().split('\n');
    expect(header?.endsWith(';task_id;Auftragsnummer')).toBe(true);
    expect(first?.endsWith(';task-1;A-0001')).toBe(true);
    expect(second?.endsWith(';task-1;')).toBe(true);
    expect(screen.getByTestId('billing-fields').textContent).toContain(
      'The route sheet’s column “Auftragsnummer”, carried through as written.',
    );
  });
});
