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
    exchangeBooked: 'Zähler gewechselt am {{date}}: {{oldMeter}} → {{newMeter}}',
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
    newMeter: 'Nummer des neuen Zählers',
    newSerial: 'Seriennummer (optional)',
    exchangedAt: 'Gewechselt am',
    oldFinal: 'Ausbaustand des alten Zählers',
    newStart: 'Einbaustand des neuen Zählers',
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
  facts: {
    oldMeter: 'Alter Zähler',
    removed: '{{meter}} ausgebaut mit {{reading}} am {{date}}',
    newMeter: 'Neuer Zähler',
    installed: '{{meter}} eingebaut mit {{reading}}',
    installedSerial: '{{meter}} (Seriennummer {{serial}}) eingebaut mit {{reading}}',
  },
  readAt: 'Abgelesen am',
  readType: {
    estimated: 'Geschätzt',
    customer: 'Vom Kunden abgelesen',
  },
  notes: {
    exchanged:
      'Zähler gewechselt: Endstand alter Zähler {{oldFinal}}, Anfangsstand neuer Zähler {{newStart}}.',
    exchange_booked: 'Zähler gewechselt am {{date}}.',
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
    new_meter_needed: 'Geben Sie die Nummer des neuen Zählers ein.',
    new_meter_unusable:
      'Die Zählernummer „{{newMeter}}“ ist nicht verwendbar: höchstens {{max}} Zeichen, keine Zeilenumbrüche oder Tabulatoren, keine Leerzeichen am Anfang oder Ende.',
    new_meter_same:
      '{{newMeter}} ist die Nummer des alten Zählers: geben Sie die Nummer des eingebauten Zählers ein.',
    new_meter_taken:
      'Die Zählernummer {{newMeter}} gehört schon zu einem anderen Zähler der Ableselisten.',
    new_meter_taken_route:
      'Die Zählernummer {{newMeter}} gehört schon zu einem anderen Zähler der Ableselisten (Tour {{route}}).',
    exchange_day_needed: 'Geben Sie den Tag des Zählerwechsels an.',
    exchange_in_future: 'Der Wechseltag {{exchangedAt}} liegt nach heute ({{today}}).',
    exchange_before_previous:
      'Der Wechseltag {{exchangedAt}} liegt vor der letzten Ablesung ({{previousReadAt}}).',
    exchange_after_reading:
      'Der Wechseltag {{exchangedAt}} liegt nach der Ablesung dieses Zeitraums ({{readAt}}): dieser Zählerstand ist der des alten Zählers.',
    exchange_reading_digits:
      'Der {{which}} {{reading}} passt nicht zum Zählwerk: höchstens {{digits}} Stellen und {{decimals}} Nachkommastellen.',
    exchangeReading: {
      oldFinal: 'Ausbaustand des alten Zählers',
      newStart: 'Einbaustand des neuen Zählers',
      reading: 'Stand des neuen Zählers',
    },
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
