// The review desk's words outside a rendered window: the AI version line in both languages.
import { describe, expect, it } from 'vitest';
import { aiVersionText } from '../../renderer/screens/main-screen/detail-facts';
import { createI18n } from '../../renderer/i18n/i18n';
import { shownColumns } from '../../renderer/components/table-columns';

const t = createI18n('en').getFixedT('en', 'desk');

describe('AI version in the detail', () => {
  it('names the version that read the photo, not the one the service runs today', () => {
    const read = { isLatestAiVersion: true, aiVersion: 'water_v3:2.0' } as const;
    expect(aiVersionText(read, 'water_v3:2.0', t)).toBe('water_v3:2.0 (latest)');
    expect(aiVersionText(read, 'water_v3:2.1', t)).toBe(
      'water_v3:2.0 (the latest then; now water_v3:2.1)',
    );
    expect(aiVersionText({ isLatestAiVersion: true, aiVersion: null }, 'water_v3:2.1', t)).toBe(
      'The latest when read',
    );
    expect(aiVersionText({ isLatestAiVersion: false, aiVersion: null }, 'water_v3:2.1', t)).toBe(
      'Older AI version (historical result)',
    );
    expect(aiVersionText({ isLatestAiVersion: null, aiVersion: null }, null, t)).toBe('–');
  });
});

describe('AI version in German', () => {
  it('speaks German with the same versions', () => {
    const de = createI18n('de').getFixedT('de', 'desk');
    const read = { isLatestAiVersion: true, aiVersion: 'water_v3:2.0' } as const;
    expect(aiVersionText(read, 'water_v3:2.1', de)).toBe(
      'water_v3:2.0 (damals die neueste; jetzt water_v3:2.1)',
    );
  });
});

describe('the table columns at a width', () => {
  const cols = [
    { id: 'file', track: 'minmax(140px, 3fr)', min: 140 },
    { id: 'folder', track: 'minmax(72px, 1fr)', min: 72, optional: true },
    { id: 'reading', track: '112px', min: 112 },
    { id: 'type', track: '96px', min: 96, optional: true },
  ] as const;

  it('keeps every column where they fit, and drops the optional ones last first where not', () => {
    expect(shownColumns(cols, 500, {}).hidden).toEqual([]);
    const narrow = shownColumns(cols, 350, {});
    expect(narrow.hidden).toEqual(['type']);
    expect(narrow.style).toMatchObject({
      '--cols': 'minmax(140px, 3fr) minmax(72px, 1fr) 112px',
      '--table-min': '324px',
    });
    expect(shownColumns(cols, 260, {}).hidden).toEqual(['type', 'folder']);
  });

  it('drops an optional column before the file column shrinks below what it asks for', () => {
    const asking = [{ ...cols[0], want: 220 }, ...cols.slice(1)];
    expect(shownColumns(asking, 500, {}).hidden).toEqual([]);
    expect(shownColumns(asking, 420, {}).hidden).toEqual(['type']);
    // Nothing optional left: the file column takes what there is, down to its minimum.
    expect(shownColumns(asking, 260, {}).hidden).toEqual(['type', 'folder']);
  });

  it('gives a column the width the clerk dragged it to', () => {
    const wide = shownColumns(cols, 900, { file: 400 });
    expect(wide.style).toMatchObject({ '--cols': '400px minmax(72px, 1fr) 112px 96px' });
    expect(shownColumns(cols, 600, { file: 400 }).hidden).toEqual(['type']);
  });
});
