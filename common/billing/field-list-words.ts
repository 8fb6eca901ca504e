// The field list (the meters a reader goes back to) in the language chosen for it: its header and
// each meter's reason. English is the CLI's and the CSV's as before (MissingMeter.note); German
// words the same codes: a re-read's reason and the decision notes from the export's German
// templates (export-note-templates-de.ts), a skip's code as the window's catalogue says it.
import type { SkipCode } from './billing-row';
import type { RereadReason } from './meter-decision';
import type { OutcomeNote } from './outcome-notes';
import { EXPORT_NOTES_DE } from './export-note-templates-de';
import { outcomeNoteIn } from './export-reasons';
import type { ExportLanguage } from './export-template';
import { exportWording } from './rule-lines';

/** Why a meter is on the field list, as codes (MissingMeter.note is its English). */
export type FieldNote =
  | { readonly code: 'reread'; readonly reason: RereadReason; readonly note: string | null }
  | { readonly code: 'skip'; readonly skip: SkipCode; readonly note: string | null }
  | { readonly code: 'missing'; readonly said: OutcomeNote | null };

export const FIELD_HEADER_EN = [
  'meter_id',
  'account',
  'address',
  'route',
  'sequence',
  'why',
  'visit',
  'photo',
  'previous_reading',
  'previous_read_at',
] as const;

const DE = {
  header: [
    'Zählernummer',
    'Vertragskonto',
    'Adresse',
    'Route',
    'Folge',
    'Grund',
    'Besuch',
    'Foto',
    'Vorjahresstand',
    'Ablesedatum Vorjahr',
  ],
  visit: { no_reading: 'kein Stand', reread: 'Nachablesung', skip: 'nicht abgelesen' },
  reread: 'Nachablesen: {reason}{note}.',
  skip: 'Nicht abgelesen: {skip}{note}.',
  skips: {
    no_access: 'Kein Zugang',
    locked: 'Verschlossen',
    dog: 'Hund',
    buried: 'Verschüttet oder verdeckt',
    damaged: 'Beschädigt',
    other: 'Sonstiges',
  },
} as const satisfies {
  readonly header: readonly string[];
  readonly visit: Readonly<Record<string, string>>;
  readonly skips: Readonly<Record<SkipCode, string>>;
  readonly reread: string;
  readonly skip: string;
};

export function fieldHeader(lang: ExportLanguage): readonly string[] {
  return lang === 'de' ? DE.header : FIELD_HEADER_EN;
}

/** The visit column: a code in English (as before), words in German. */
export function fieldVisitIn(
  visit: 'no_reading' | 'reread' | 'skip',
  lang: ExportLanguage,
): string {
  return lang === 'de' ? DE.visit[visit] : visit;
}

/** A meter's reason in the list's language; `english` is its English (MissingMeter.note). */
export function fieldNoteIn(note: FieldNote, english: string, lang: ExportLanguage): string {
  if (lang === 'en') return english;
  // The clerk's own note is written as typed.
  const own = (text: string | null): string => (text ? ` (${text})` : '');
  switch (note.code) {
    case 'reread': {
      const reasons: Readonly<Record<string, string>> = EXPORT_NOTES_DE.rereadReason;
      const reason = reasons[note.reason] ?? note.reason;
      return DE.reread.replace('{reason}', reason).replace('{note}', own(note.note));
    }
    case 'skip':
      return DE.skip.replace('{skip}', DE.skips[note.skip]).replace('{note}', own(note.note));
    case 'missing':
      return note.said === null ? english : outcomeNoteIn(note.said, null, exportWording(lang));
  }
}
