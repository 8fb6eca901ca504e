import type { Words } from '../catalogue-types';
import type { exporting as en } from '../en/export';

export const exporting: Words<typeof en> = {
  title: 'Zählerstände als CSV exportieren',
  cancel: 'Abbrechen',
  run: 'Exportieren …',
  which: 'Welche Fotos',
  everything: 'Alles in der Liste',
  view: 'Was die Tabelle zeigt: {{what}}',
  folder: 'Ein Ordner:',
  folderLabel: 'Zu exportierender Ordner',
  filter: {
    all: 'alle Fotos',
    in_progress: 'Fotos in Arbeit',
    to_review: 'zu prüfende Fotos',
    failed: 'fehlgeschlagene Fotos',
    done: 'fertige Fotos',
    rejected: 'nicht gesendete Fotos',
  },
  inFolder: 'in {{folder}}',
  matching: 'mit „{{search}}“',
  format: 'Format',
  comma: 'Kommagetrennt (,)',
  semicolon: 'Semikolongetrennt (;) – für Excel, wenn das Dezimalzeichen ein Komma ist',
  bom: 'Byte-Order-Mark hinzufügen (Excel liest dann Umlaute und Sonderzeichen richtig)',
} as const;
