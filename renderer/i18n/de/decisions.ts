import type { Catalogue } from '../catalogues';

export const decisions: Catalogue['decisions'] = {
  title: 'Entscheidung für diesen Zähler',
  none: 'Noch keine Entscheidung: der Zählerstand kommt vom Foto.',
  current: {
    typed: 'Von Hand erfasst: {{reading}}, abgelesen am {{date}}',
    typedUndated: 'Von Hand erfasst: {{reading}}',
    skip: 'Nicht abgelesen: {{code}}',
    exchange:
      'Zähler gewechselt: Endstand alter Zähler {{oldFinal}}, Anfangsstand neuer Zähler {{newStart}}',
    reread: 'Zur Nachablesung: {{reason}}',
    estimate: 'Geschätzt: {{reading}} zum {{date}}',
  },
  madeAt: 'entschieden {{when}}',
  atDesk: 'entschieden an {{desk}}',
  undo: 'Rückgängig',
  undoLabel: 'Diese Entscheidung zurücknehmen: die vorige gilt wieder',
  open: {
    exchange: 'Zähler gewechselt …',
    reread: 'Zur Nachablesung …',
    estimate: 'Schätzen …',
  },
  cancel: 'Abbrechen',
  exchange: {
    title: 'Zählerwechsel',
    oldFinal: 'Endstand des alten Zählers',
    newStart: 'Anfangsstand des neuen Zählers',
    reading: 'Stand des neuen Zählers jetzt',
    readingHint: 'Leer lassen, um den Zählerstand vom Foto zu nehmen.',
    save: 'Wechsel speichern',
    consumption: 'Verbrauch über beide Zähler: {{amount}}',
  },
  reread: {
    title: 'Zur Nachablesung',
    reason: 'Grund',
    reasons: {
      implausible: 'Der Zählerstand passt nicht',
      unreadable: 'Das Foto ist nicht lesbar',
      wrong_meter: 'Das Foto zeigt einen anderen Zähler',
      other: 'Sonstiges (Bemerkung)',
    },
    note: 'Hinweis für den Ableser',
    save: 'Auf die Ableseliste setzen',
    hint: 'Der Zähler kommt mit Foto und Vorstand auf die Ableseliste. Das neue Foto wird diesem Zähler und Zeitraum zugeordnet.',
  },
  estimate: {
    title: 'Schätzen',
    date: 'Schätzung zum',
    hint: 'Tagesdurchschnitt {{avg}} × Tage seit {{date}}.',
    noBasis:
      'In der Ableseliste fehlen für diesen Zähler Vorstand, Ablesedatum oder Tagesdurchschnitt.',
    save: 'Schätzung speichern',
  },
  readAt: 'Abgelesen am',
  readType: {
    estimated: 'Geschätzt',
    customer: 'Vom Kunden abgelesen',
  },
  notes: {
    exchanged:
      'Zähler gewechselt: Endstand alter Zähler {{oldFinal}}, Anfangsstand neuer Zähler {{newStart}}.',
    estimated: 'Geschätzt: {{avg}} je Tag × {{days}} Tage.',
    estimates_in_a_row: '{{count}}. Schätzung in Folge: Zähler ablesen lassen.',
    reread_waiting: 'Auf der Ableseliste zur Nachablesung: {{reason}}.',
    reread_back: 'Nachgelesen: {{reason}}.',
  },
  problems: {
    note_needed: 'Schreiben Sie in die Bemerkung, warum.',
    no_reading: 'Geben Sie den Stand des neuen Zählers ein: vom Foto gibt es keinen Zählerstand.',
    old_final_below_previous:
      'Der Endstand des alten Zählers {{oldFinal}} liegt unter seinem Vorstand {{previous}}.',
    reading_below_new_start:
      'Der Zählerstand {{reading}} liegt unter dem Anfangsstand des neuen Zählers {{newStart}}.',
    no_previous: 'Kein Vorstand mit Datum in der Ableseliste: keine Grundlage für eine Schätzung.',
    no_average: 'Kein Tagesdurchschnitt in der Ableseliste: keine Grundlage für eine Schätzung.',
    date_before_previous:
      'Das Datum {{readAt}} liegt vor der letzten Ablesung ({{previousReadAt}}).',
    reread_pending: 'Dieser Zähler steht schon zur Nachablesung auf der Ableseliste.',
    nothing_to_undo: 'Für diesen Zähler gibt es nichts zurückzunehmen.',
  },
  outcome: {
    being_read: 'Ein Foto dieses Zählers wird gerade gelesen.',
    unread_one:
      'Kein Zählerstand: Sein Foto konnte nicht gelesen werden. Stand eintippen oder Nichtablesung erfassen.',
    unread_other:
      'Kein Zählerstand: Seine {{count, number}} Fotos konnten nicht gelesen werden. Stand eintippen oder Nichtablesung erfassen.',
    held_one:
      'Kein Zählerstand: Sein Foto wird von der Fotoprüfung zurückgehalten (unscharf, dunkel, zu klein). Trotzdem senden, Stand eintippen oder Nichtablesung erfassen.',
    held_other:
      'Kein Zählerstand: Seine {{count, number}} Fotos werden von der Fotoprüfung zurückgehalten (unscharf, dunkel, zu klein). Trotzdem senden, Stand eintippen oder Nichtablesung erfassen.',
    different_photos:
      '{{count, number}} verschiedene Fotos dieses Zählers mit verschiedenen Ständen: Bitte das richtige bestätigen.',
    waits_for_review: 'Der Zählerstand wartet auf Prüfung.',
  },
  heldTag: 'Foto zurückgehalten',
};
