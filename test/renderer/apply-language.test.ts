// @vitest-environment jsdom
// The language setting, once Settings has one, switches the window's words and its lang attribute.
import { describe, expect, it } from 'vitest';
import { applyLanguage, languageChoice } from '../../renderer/i18n/apply-language';
import { createI18n } from '../../renderer/i18n/i18n';

describe('applyLanguage', () => {
  it('follows the choice, else the system, and marks the page', () => {
    const i18n = createI18n('en');
    applyLanguage(i18n, 'de', ['en-US']);
    expect(i18n.language).toBe('de');
    expect(i18n.t('app:header.settings')).toBe('Einstellungen');
    expect(document.documentElement.lang).toBe('de');
    applyLanguage(i18n, 'system', ['fr-FR', 'en-GB']);
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    applyLanguage(i18n, undefined, ['de-AT']);
    expect(i18n.language).toBe('de');
  });

  it('reads the setting only when the settings carry one', () => {
    expect(languageChoice({ language: 'en' })).toBe('en');
    expect(languageChoice({ baseUrl: null })).toBeUndefined();
    expect(languageChoice({ language: 3 })).toBeUndefined();
  });
});
