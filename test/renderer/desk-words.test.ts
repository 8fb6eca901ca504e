// The review desk's words outside a rendered window: the AI version line in both languages.
import { describe, expect, it } from 'vitest';
import { aiVersionText } from '../../renderer/components/detail-panel';
import { createI18n } from '../../renderer/i18n/i18n';

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
