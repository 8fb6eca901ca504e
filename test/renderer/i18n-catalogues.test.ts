// The catalogues: every language has every English key (the type says so at compile time; this
// checks the objects as shipped), the pseudo-locale marks every string and keeps placeholders,
// and the language follows the clerk's choice, else the OS.
import { describe, expect, it } from 'vitest';
import { de, en, pseudo, pseudoString, resolveLanguage } from '../../renderer/i18n/catalogues';
import { createI18n } from '../../renderer/i18n/i18n';
import { formatReading } from '../../renderer/i18n/format';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

function strings(o: object): string[] {
  return Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : strings(v as object)));
}

describe('catalogues', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(strings(de).filter((s) => s.trim() === '')).toEqual([]);
  });

  it('every namespace of the window is in every language', () => {
    expect(Object.keys(en).sort()).toEqual(
      [
        'app',
        'banners',
        'billing',
        'decisions',
        'desk',
        'engine',
        'errors',
        'export',
        'history',
        'office',
        'officeReport',
        'officeReview',
        'onboarding',
        'orderFiles',
        'states',
        'watch',
      ].sort(),
    );
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it('German has the plural forms English has', () => {
    const plurals = (o: object) => keys(o).filter((k) => /_(one|other)$/.test(k));
    expect(plurals(de).sort()).toEqual(plurals(en).sort());
  });

  it('German keeps every placeholder and tag of the English string', () => {
    const enFlat = new Map(keys(en).map((k, i) => [k, strings(en)[i] ?? '']));
    const deFlat = new Map(keys(de).map((k, i) => [k, strings(de)[i] ?? '']));
    for (const [k, s] of enFlat) {
      const holes = (t: string) => (t.match(/{{[^}]+}}|<\/?\w+>/g) ?? []).sort();
      expect(holes(deFlat.get(k) ?? ''), k).toEqual(holes(s));
    }
  });

  it('German leaves no English sentence untranslated (only words German uses as they are)', () => {
    // Names, units and the loanwords a German office writes itself; anything else the same in
    // both catalogues was never translated.
    const SAME_IN_GERMAN = new Set([
      'English',
      'Deutsch',
      'Version {{version}}',
      'Offline',
      'offline',
      'Details',
      'Route',
      'optional',
      'Name',
      'UTF-8',
      'Windows-1252',
      'TAB',
      'Status',
      'Problem',
      'MeterDesk {{version}}',
      'Code: {{code}}',
      'in {{folder}}',
      'Format',
      'Server',
      'Port',
    ]);
    const enFlat = new Map(keys(en).map((k, i) => [k, strings(en)[i] ?? '']));
    const untranslated = keys(de).flatMap((k, i) => {
      const text = strings(de)[i] ?? '';
      const words = /[A-Za-z]{2,}/.test(text.replace(/{{[^}]+}}/g, ''));
      return words && text === enFlat.get(k) && !SAME_IN_GERMAN.has(text) ? [`${k}: ${text}`] : [];
    });
    expect(untranslated).toEqual([]);
  });

  it('the pseudo-locale marks every string and keeps placeholders', () => {
    expect(pseudoString('Add {{count}} photos')).toBe('⟦Ádd {{count}} phótós⟧');
    expect(strings(pseudo).every((s) => s.startsWith('⟦') && s.endsWith('⟧'))).toBe(true);
  });

  it('speaks the chosen language, else the first OS language it has, else English', () => {
    expect(resolveLanguage('de', ['en-US'])).toBe('de');
    expect(resolveLanguage(undefined, ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(resolveLanguage('system', ['fr-FR'])).toBe('en');
    expect(resolveLanguage('en-XA', ['de'])).toBe('en-XA');
  });

  it('an i18next instance answers in the language it was made for', () => {
    const t = createI18n('de').getFixedT('de', 'app');
    expect(t('language.label')).toBe('Sprache');
    expect(t('language.system', { name: 'Deutsch' })).toBe('Wie das Betriebssystem (Deutsch)');
  });

  it('counts take the language digits and plural forms', () => {
    const de = createI18n('de').getFixedT('de', 'app');
    const en = createI18n('en').getFixedT('en', 'app');
    expect(de('routes.photos', { count: 1234 })).toBe('1.234 Fotos');
    expect(en('routes.photos', { count: 1 })).toBe('1 photo');
    expect(en('routes.photos', { count: 1234 })).toBe('1,234 photos');
  });

  it('readings keep their digits and take the language decimal mark', () => {
    expect(formatReading('00838.7', 'de')).toBe('00838,7');
    expect(formatReading('00838.7', 'en')).toBe('00838.7');
  });
});
