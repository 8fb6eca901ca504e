import type { Words } from '../catalogue-types';
import type { states as en } from '../en/states';

export const states: Words<typeof en> = {
  state: {
    queued: { label: 'Wartend', help: 'Wartet auf das Senden.' },
    uploading: { label: 'Wird gesendet', help: 'Wird an den Dienst gesendet.' },
    submitted: { label: 'Wird abgelesen', help: 'Der Dienst liest den Zählerstand ab.' },
    done: { label: 'Fertig', help: 'Der Zählerstand liegt vor.' },
    failed: { label: 'Fehlgeschlagen', help: 'Es konnte kein Zählerstand ermittelt werden.' },
    rejected: {
      label: 'Nicht gesendet',
      help: 'Kein Foto, das der Dienst annimmt; es wurde nie gesendet.',
    },
    waiting: { label: 'Wartet', help: 'Wartet beim Dienst.' },
  },
  waitingBecause: 'Wartet beim Dienst: {{reason}}',
  waitingForAi: 'Wartet, bis der KI-Dienst wieder bereit ist.',
  failure: {
    empty_file: 'Leere Datei',
    too_large: 'Größer als 20 MB',
    unsupported_format: 'Kein JPEG, PNG oder WEBP',
    unreadable: 'Beschädigt oder unlesbar',
    vanished: 'Datei nicht mehr auf dem Datenträger',
    server_rejected_size: 'Vom Dienst abgelehnt: zu groß',
    server_rejected_type: 'Der Dienst konnte es nicht als Bild verwenden',
    ai_failed: 'Die KI konnte es nicht lesen',
    task_lost: 'Beim Dienst verloren gegangen',
    changed_on_disk: 'Datei wurde auf dem Datenträger geändert',
    service_error: 'Fehler des Dienstes',
  },
  source: {
    fresh: 'Neue Ablesung',
    cached_exact: 'Bereits abgelesen (gleiches Foto)',
    cached_stale: 'Älteres Ergebnis (frühere KI)',
    pending: 'Ausstehend',
    failed: 'Fehlgeschlagen',
  },
  sourceShort: {
    fresh: 'Neu',
    cached_exact: 'Bereits abgelesen',
    cached_stale: 'Älteres Ergebnis',
    pending: 'Ausstehend',
    failed: 'Fehlgeschlagen',
  },
  history: {
    uploading: 'Wird hochgeladen',
    submittedSingle: 'Übermittelt als Auftrag {{task}} (Einzelauftrag)',
    submittedBatch: 'Übermittelt als Auftrag {{task}} (Stapel {{batch}}, Position {{item}})',
    read: 'Zählerstand {{reading}} ({{source}})',
    readShared: 'Zählerstand {{reading}} ({{source}}), übernommen für ein identisches Foto',
    confirmed: 'Zählerstand in der Prüfung bestätigt',
    corrected: 'Zählerstand korrigiert auf {{reading}}',
    undoneToReview: 'Prüfung zurückgenommen: Der Zählerstand wartet wieder auf Prüfung',
    undoneToConfirmed: 'Prüfung zurückgenommen: wieder wie von der KI abgelesen bestätigt',
    undoneToCorrected: 'Prüfung zurückgenommen: wieder korrigiert auf {{reading}}',
    retry: 'Erneuter Versuch angefordert',
    sameAs: 'Gleiches Foto wie {{file}}: Ergebnis übernommen, nicht erneut hochgeladen',
    scannedAgain: 'Erneut geprüft: Die Datei ist jetzt ein lesbares Foto',
  },
  reading: {
    empty: 'Geben Sie den Zählerstand ein, den der Zähler zeigt.',
    comma: 'Verwenden Sie einen Punkt für Nachkommastellen, z. B. 12345.678.',
    pattern:
      'Bis zu 7 Ziffern, optional ein Punkt und bis zu 3 Nachkommastellen (z. B. 12345.678).',
  },
};
