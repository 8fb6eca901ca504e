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
    held: 'zurückgehaltene Fotos',
  },
  inFolder: 'in {{folder}}',
  matching: 'mit „{{search}}“',
  format: 'Format',
  comma: 'Kommagetrennt (,)',
  semicolon: 'Semikolongetrennt (;) – für Excel, wenn das Dezimalzeichen ein Komma ist',
  bom: 'Byte-Order-Mark hinzufügen (Excel liest dann Umlaute und Sonderzeichen richtig)',
  preview: {
    title: 'Die ersten Zeilen, wie sie in der Datei stehen werden',
    none: 'Dieser Export hat noch keine Zeilen.',
    format:
      '{{encoding}} · Trennzeichen „{{delimiter}}“ · Dezimalzeichen „{{mark}}“ · Datum {{dates}}',
    tab: 'TAB',
    readAt:
      'read_at ist die Ortszeit der Zeitzone dieses Computers ({{zone}}), der des Büros; ISO-Daten tragen ihren Versatz. In UTC gespeicherte Zeiten und andere Versätze der Kameras werden umgerechnet; eine Kamerazeit ohne Versatz gilt als Ortszeit.',
    followsSheet:
      'Trennzeichen, Dezimalzeichen, Datum und Kodierung folgen der geladenen Ableseliste.',
    fieldsTitle: 'Was jede Spalte enthält',
    fromSheet: '(Ableseliste)',
  },
  encodings: {
    'utf-8-bom': 'UTF-8 mit BOM',
    'utf-8': 'UTF-8',
    'windows-1252': 'Windows-1252',
  },
  fields: {
    meter_id: 'Die Zählernummer aus der Ableseliste.',
    account: 'Die Kontonummer aus der Ableseliste.',
    address: 'Die Adresse aus der Ableseliste.',
    route: 'Die Route aus der Ableseliste.',
    sequence: 'Die Stelle in der Laufreihenfolge.',
    read_at: 'Wann abgelesen wurde: die Zeit des Fotos oder der Tag eines eingetippten Stands.',
    reading:
      'Der abzurechnende Stand: die Korrektur oder der eingetippte Stand einer Person, sonst was die KI gelesen hat. Führende Nullen bleiben.',
    ai_reading:
      'Was die KI auf dem Foto gelesen hat, neben dem abgerechneten Stand für die Prüfung.',
    confirmation:
      'Wie der Stand zustande kam: auto_accepted (alle Prüfungen bestanden, niemand hat ihn angesehen), confirmed (eine Person hat den KI-Stand bestätigt), corrected (eine Person hat ihn geändert), typed (von Hand eingetippt), estimated (geschätzt, nicht abgelesen).',
    read_type: 'actual, customer, estimated, verified oder no_read.',
    skip_code: 'Warum nicht abgelesen wurde: no_access, locked, dog, buried, damaged oder other.',
    skip_note: 'Die Notiz zum Grund.',
    consumption:
      'Verbrauch seit dem vorigen Stand, ein Überlauf eingerechnet; leer, wenn unbekannt.',
    previous_reading: 'Der Stand, von dem aus der Verbrauch gerechnet wird.',
    previous_read_at: 'Das Datum dieses vorigen Stands.',
    plausibility:
      'Was die Prüfungen ergaben: ok, warning, error oder not_checked (eine Prüfung konnte nicht laufen).',
    reasons: 'Warum der Stand markiert wurde, in Sätzen.',
    use_on_bill: 'yes, wenn die Abrechnung den Stand so verwenden darf, sonst no.',
    photo: 'Der Pfad des Fotos unterhalb des hinzugefügten Ordners.',
    photo_sha256: 'Der SHA-256 des Fotos: welche Datei gelesen wurde, für die Prüfung.',
    task_id: 'Der Auftrag des Lesedienstes für das Foto.',
    unmatched: 'yes für ein Foto, das zu keinem Zähler der Ableseliste passt.',
    duplicate_of:
      'Bei einem Foto, das ein anderes wiederholt: der Zähler oder das Foto, das es wiederholt.',
    photo_codes:
      'Die auf dem Foto gelesenen Codes (Barcode, QR-Code oder DataMatrix eines Seriennummer-Aufklebers), getrennt durch „ | “.',
    meter_serial:
      'Die Seriennummer des Zählers aus der Ableseliste; nach einem Zählerwechsel die des neuen Zählers in seiner Einbauzeile und seinem Stand.',
    sheet: 'Die Spalte „{{source}}“ der Ableseliste, unverändert übernommen.',
  },
} as const;
