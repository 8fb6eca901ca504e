import type { Words } from '../catalogue-types';
import type { billing as en } from '../en/billing';

export const billing: Words<typeof en> = {
  title: 'Route',
  panel: {
    intro:
      'Laden Sie die Ableseliste aus Ihrem Abrechnungssystem: MeterDesk liefert dann einen geprüften Zählerstand je Zähler.',
    load: 'Ableseliste laden…',
    reload: 'Ableseliste laden oder aktualisieren…',
    sheet: '{{name}} · {{meters}} Zähler',
    review: 'In Laufreihenfolge prüfen',
    reviewStop: 'Prüfung in Laufreihenfolge beenden',
    reviewDone: 'Keine auffälligen Zähler mehr auf der Route.',
    exportMissing: 'Fehlende Zähler exportieren…',
    missingWritten: '{{n}} fehlende Zähler nach {{path}} geschrieben',
    noRoute: 'Ohne Route',
    progressLabel: 'Zähler der Route {{route}}',
    meters: '{{n}} Zähler',
    showMeters: 'Zähler und Dateinamen-Muster',
    hideMeters: 'Zähler ausblenden',
  },
  states: {
    confirmed: 'Prüfung bestanden oder bestätigt',
    passedChecks: 'Prüfung bestanden',
    confirmedByYou: 'Von Ihnen bestätigt',
    not_checked: 'Nicht geprüft',
    flagged: 'Auffällig',
    skipped: 'Nicht abgelesen',
    pending: 'Wird gelesen',
    missing: 'Fehlt',
    unmatched: 'Kein Zähler',
  },
  filters: {
    label: 'Zähler anzeigen',
    all: 'Alle Zähler',
    flagged: 'Auffällig',
    not_checked: 'Nicht geprüft',
    confirmed: 'Bestätigt',
    skipped: 'Nicht abgelesen',
    pending: 'Wird gelesen',
    missing: 'Ohne Foto',
    two_photos: 'Zwei Fotos für einen Zähler',
    reread: 'Zur Nachablesung',
    unmatched: 'Fotos ohne Zähler',
    search: 'Zähler, Konto oder Adresse suchen',
    empty: 'Hier sind keine Zähler.',
    more: '{{shown}} von {{total}} angezeigt. Grenzen Sie die Suche ein, um die übrigen zu sehen.',
  },
  columns: {
    sequence: 'Lfd.',
    meter: 'Zählernummer',
    address: 'Adresse',
    state: 'Stand',
    reading: 'Zählerstand',
    photo: 'Foto',
  },
  pattern: {
    label: 'Dateinamen-Muster',
    hint: 'Zum Beispiel {meter}_{date}.jpg oder IMG_{meter}*. Leer: die Zählernummer irgendwo im Dateinamen.',
    save: 'Neu zuordnen',
    matched: '{{matched}} Fotos einem Zähler zugeordnet, {{unmatched}} nicht.',
  },
  sheet: {
    mapTitle: 'Spalten von {{name}}',
    format: 'Gelesen als {{encoding}}, Spalten getrennt durch „{{delimiter}}“.',
    encodingGuess:
      'Die Datei ist nicht UTF-8; sie wurde als Windows-1252 gelesen (westeuropäisch, wie Excel „CSV“ speichert). Prüfen Sie, ob Namen mit Akzenten oder ß richtig aussehen.',
    encodingExample:
      'Erster solcher Text: Zeile {{row}}, Spalte {{column}} ({{header}}): „{{text}}“.',
    saved: 'Die Zuordnung Ihrer letzten Ableseliste passt: prüfen und laden.',
    suggested: 'MeterDesk schlägt für jedes erkannte Feld eine Spalte vor. Wählen Sie die übrigen.',
    required: 'Wählen Sie die Spalte mit der Zählernummer.',
    foldersTitle: 'Fotos dieser Route',
    foldersHint:
      'Die Liste wird nur den Fotos in den angehakten Ordnern zugeordnet (vorgewählt: die zuletzt hinzugefügten). Keiner angehakt: alle Ordner.',
    requiredTag: 'Pflicht',
    optionalTag: 'optional',
    checksOff: 'Ohne sie nicht geprüft: {{checks}}',
    checksOffLead:
      'Ein Stand, dessen Prüfungen nicht alle laufen können, wird als „Nicht geprüft“ markiert und erst abgerechnet, wenn Sie ihn bestätigen.',
    column: 'Spalte in der Liste',
    none: '– nicht in der Liste –',
    dateOrder: 'Datumsangaben wie 03/04/2026 sind',
    dayFirst: 'Tag zuerst (3. April)',
    monthFirst: 'Monat zuerst (4. März)',
    hintDayFirst: 'Die Datumsangaben der Liste beginnen mit dem Tag.',
    hintMonthFirst: 'Die Datumsangaben der Liste beginnen mit dem Monat.',
    preview: 'Erste Zeilen der Liste',
    load: 'Ableseliste laden',
    cancel: 'Abbrechen',
    problemsTitle: '{{name}} wurde nicht geladen',
    problemsLead:
      'Nichts davon wurde geladen. Korrigieren Sie diese Zeilen in der Liste und laden Sie sie erneut:',
    moreProblems: '… und {{n}} weitere Fehler.',
    changeMapping: 'Spalten ändern',
    close: 'Schließen',
    loadedTitle: 'Ableseliste geladen',
    loaded: '{{meters}} Zähler: {{added}} neu, {{updated}} aktualisiert.',
    matched: '{{matched}} Fotos einem Zähler zugeordnet, {{unmatched}} nicht.',
    warnings: 'Hinweise (die Liste wurde geladen):',
    fields: {
      meterId: 'Zählernummer',
      account: 'Vertragskonto',
      address: 'Adresse',
      route: 'Route',
      sequence: 'Laufreihenfolge',
      registerDigits: 'Vorkommastellen',
      registerDecimals: 'Nachkommastellen',
      previousReading: 'Vorheriger Zählerstand',
      previousReadAt: 'Vorheriges Ablesedatum',
      avgDailyUse: 'Tagesdurchschnitt',
      barcode: 'Seriennummer oder Barcode',
    },
    /** Fehler einer Ableseliste, aus Code und Parametern (renderer/billing/sheet-words.ts). */
    place: {
      row: 'Zeile {{row}}: {{text}}',
      cell: 'Zeile {{row}}, Spalte {{column}}: {{text}}',
      cellNamed: 'Zeile {{row}}, Spalte {{column}} ({{header}}): {{text}}',
    },
    problem: {
      empty_file: 'Die Datei ist leer.',
      no_rows: 'Die Datei hat keine Zeilen.',
      file_too_large:
        'Die Datei ist {{mb}} MB groß; Ableselisten bis {{max}} MB werden gelesen. Teilen Sie die Route auf mehrere Listen auf.',
      not_a_file: '„{{path}}“ ist keine Datei.',
      unreadable: 'Die Datei „{{path}}“ kann nicht gelesen werden: {{why}}.',
      xlsx: 'Dies ist eine Excel-Arbeitsmappe (.xlsx) oder eine andere Zip-Datei, keine CSV. Wählen Sie in Excel „Speichern unter“ und „CSV UTF-8“.',
      xls: 'Dies ist eine alte Excel-Arbeitsmappe (.xls), keine CSV. Wählen Sie in Excel „Speichern unter“ und „CSV UTF-8“.',
      binary_file:
        'Die Datei enthält NUL-Bytes und ist keine Textdatei. Exportieren Sie die Ableseliste als CSV.',
      invalid_utf8:
        'Die Datei ist kein gültiges UTF-8 (erstes fehlerhaftes Byte in Zeile {{line}}). Speichern Sie sie erneut als „CSV UTF-8“ oder lesen Sie sie als Windows-1252.',
      invalid_text: 'Die Datei ist kein gültiger {{encoding}}-Text.',
      malformed_csv: 'die Zeile kann nicht als CSV gelesen werden ({{detail}}).',
      unclosed_quote:
        'ein Wert in Anführungszeichen, der in dieser Zeile beginnt, wird nie geschlossen (fehlt ein " ?); nichts danach kann gelesen werden.',
      too_many_rows:
        'Die Liste hat mehr als {{max}} Zeilen mit Zählern; teilen Sie die Route auf mehrere Listen auf.',
      too_many_columns:
        'Die Liste hat {{columns}} Spalten; höchstens {{max}} werden gelesen. Entfernen Sie die Spalten, die die Abrechnung nicht braucht.',
      header_only: 'Die Liste hat eine Kopfzeile, aber keine Zähler.',
      no_meters: 'Die Liste hat eine Kopfzeile, aber keine Zähler.',
      required_column_unmapped:
        'Für „{{field}}“ ist keine Spalte gewählt, und keine Überschrift ist ein Name, den MeterDesk dafür kennt (etwa meter_id, serial oder Zählernummer). Wählen Sie die Spalte in der Spaltenzuordnung.',
      mapped_column_missing:
        'die Spaltenzuordnung nimmt „{{field}}“ aus einer Spalte „{{name}}“, aber keine Überschrift heißt so (Überschriften: {{headers}}).',
      ambiguous_header:
        'die Überschrift „{{name}}“ („{{field}}“) steht in den Spalten {{columns}}; benennen Sie alle bis auf eine um.',
      cell_too_large: 'die Zelle hat {{length}} Zeichen; höchstens {{max}} werden gelesen.',
      extra_cells:
        'die Zeile hat {{cells}} Zellen, die Kopfzeile aber {{width}} Spalten (ein Trennzeichen in einem Wert ohne Anführungszeichen?).',
      short_row:
        'die Zeile hat {{cells}} Zellen, die Kopfzeile aber {{width}} Spalten; die fehlenden Zellen wurden als leer gelesen.',
      missing_meter_id: 'die Zählernummer ist leer.',
      duplicate_meter_id: 'die Zählernummer „{{id}}“ steht schon in Zeile {{firstRow}}.',
      duplicate_meter_id_case:
        'die Zählernummer „{{id}}“ steht schon in Zeile {{firstRow}} („{{firstId}}“; Groß- und Kleinschreibung zählen nicht, wie bei Dateinamen).',
      invalid_value: '{{field}}: {{reason}}.',
      previous_reading_too_long:
        'der vorherige Zählerstand {{reading}} hat {{wholeDigits}} Vorkommastellen, das Zählwerk aber {{registerDigits}}.',
      previous_reading_decimals:
        'der vorherige Zählerstand {{reading}} hat {{decimals}} Nachkommastellen, das Zählwerk aber {{registerDecimals}}.',
      blank_rows_one: '{{count}} leere Zeile wurde übersprungen.',
      blank_rows_other: '{{count}} leere Zeilen wurden übersprungen.',
      missing: 'sie existiert nicht',
      denied: 'Zugriff verweigert',
    },
    meterId: {
      too_long: 'die Zählernummer hat {{length}} Zeichen; höchstens {{max}} sind erlaubt.',
      control: 'die Zählernummer enthält Steuerzeichen.',
      formula:
        'die Zählernummer „{{id}}“ beginnt wie eine Tabellenformel; Zählernummern beginnen mit einem Buchstaben oder einer Ziffer.',
      scientific:
        'die Zählernummer „{{id}}“ sieht aus wie eine Zahl, die Excel zur wissenschaftlichen Schreibweise verkürzt hat; formatieren Sie die Spalte vor dem Export als Text.',
      no_letter: 'die Zählernummer „{{id}}“ hat keinen Buchstaben und keine Ziffer.',
    },
    value: {
      scientific:
        '„{{text}}“ sieht aus wie eine Zahl, die Excel zur wissenschaftlichen Schreibweise verkürzt hat (formatieren Sie die Spalte vor dem Export als Text)',
      not_number: '„{{text}}“ ist keine Zahl',
      not_reading:
        '„{{text}}“ ist kein Zählerstand (Ziffern mit höchstens einem Dezimalzeichen, z. B. 00123 oder 00123,4)',
      not_day_first:
        '„{{text}}“ ist kein Datum, wenn der Tag zuerst steht (Monat {{month}} gibt es nicht); steht in der Liste der Monat zuerst, stellen Sie die Datumsreihenfolge in der Spaltenzuordnung auf „Monat zuerst“',
      not_month_first:
        '„{{text}}“ ist kein Datum, wenn der Monat zuerst steht (Monat {{month}} gibt es nicht); steht in der Liste der Tag zuerst, stellen Sie die Datumsreihenfolge in der Spaltenzuordnung auf „Tag zuerst“',
      not_date: '„{{text}}“ ist kein Datum',
      unknown_date:
        '„{{text}}“ ist kein Datum (schreiben Sie 12.10.2026, 2026-10-12 oder 12/10/2026)',
      date_serial:
        '„{{text}}“ sieht aus wie eine Excel-Datumsseriennummer (formatieren Sie die Spalte vor dem Export als Datum)',
      no_such_day: '„{{text}}“ ist kein Datum (kein Tag {{day}} im Monat {{month}} {{year}})',
      two_digit_year:
        '„{{text}}“ hat eine zweistellige Jahreszahl; schreiben Sie das Jahr vierstellig (das Jahrhundert wird nicht geraten)',
      below: '{{value}} ist kleiner als {{min}}',
      not_whole_in: '„{{text}}“ ist keine ganze Zahl von {{min}} bis {{max}}',
    },
  },
  /** Prüfungen, die nicht laufen konnten (common/billing/plausibility-inputs.ts). */
  unchecked: {
    line: 'Nicht geprüft ({{why}}): Die Prüfungen {{checks}} konnten nicht laufen. Bestätigen Sie den Stand selbst.',
    inputs: {
      previous_reading: 'kein vorheriger Stand',
      previous_date: 'kein vorheriges Ablesedatum',
      avg_daily_use: 'kein Tagesdurchschnitt',
      register: 'keine Angabe der Zählwerksstellen',
    },
  },
  /** Verschiedene Fotos eines Zählers aus mehreren Ordnern oder von mehreren Tagen. */
  spread: {
    line: 'Verschiedene Fotos dieses Zählers {{where}}: Prüfen Sie, welches ihn zeigt.',
    folders: 'aus den Ordnern {{folders}}',
    days: 'aufgenommen am {{days}}',
    and: ' und ',
  },
  ruleNames: {
    format: 'Format',
    dates: 'Datum',
    negative: 'negativer Verbrauch',
    rollover: 'Zählerüberlauf',
    high_low: 'Hoch/Niedrig',
    zero: 'Nullverbrauch',
    daily_jump: 'Tagessprung',
    misread: 'Ablesefehler-Muster',
  },
  rule: {
    notANumber: 'Der Zählerstand „{{reading}}“ ist keine Zahl.',
    tooLong: 'Der Zählerstand {{reading}} hat mehr als {{max}} Stellen.',
    tooManyDigits:
      'Der Zählerstand {{reading}} hat {{whole}} Stelle(n) vor dem Komma; das Zählwerk zeigt {{digits}}.',
    tooManyDecimals:
      'Der Zählerstand {{reading}} hat {{decimals}} Nachkommastelle(n); das Zählwerk zeigt {{shows}}.',
    registerNoDecimals: 'keine Nachkommastellen',
    tooFewDigits:
      'Der Zählerstand {{reading}} hat {{whole}} Stelle(n) vor dem Komma; das Zählwerk zeigt {{digits}} (führende Nullen weggelassen? {{padded}}).',
    negative:
      'Der Zählerstand {{reading}} liegt {{below}} m³ unter dem vorherigen Zählerstand {{previous}}: negativer Verbrauch. Falsch abgelesen, oder wurde der Zähler gewechselt?',
    previousInvalid:
      'Der vorherige Zählerstand „{{previous}}“ ist keine Zahl; der Verbrauch wird nicht geprüft.',
    negativeOf:
      'Der Zählerstand {{reading}} liegt {{below}} m³ unter dem vorherigen Zählerstand {{previous}} vom {{date}}: negativer Verbrauch. Falsch abgelesen, oder wurde der Zähler gewechselt?',
    zero: 'Kein Verbrauch seit der vorherigen Ablesung: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
    zeroDays_one:
      'Kein Verbrauch in {{count}} Tag: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
    zeroDays_other:
      'Kein Verbrauch in {{count}} Tagen: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
    zeroDaysSince_one:
      'Kein Verbrauch in {{count}} Tag seit {{since}}: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
    zeroDaysSince_other:
      'Kein Verbrauch in {{count}} Tagen seit {{since}}: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
    high_one:
      '{{consumption}} m³ in {{count}} Tag liegen {{deviation}} über dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze +{{limit}} %).',
    high_other:
      '{{consumption}} m³ in {{count}} Tagen liegen {{deviation}} über dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze +{{limit}} %).',
    low_one:
      '{{consumption}} m³ in {{count}} Tag liegen {{deviation}} unter dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze −{{limit}} %).',
    low_other:
      '{{consumption}} m³ in {{count}} Tagen liegen {{deviation}} unter dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze −{{limit}} %).',
    misreadRolling:
      '{{consumption}} m³ statt der erwarteten {{expected}} m³: Der Stand {{reading}} sieht nach einer Walze mitten im Umspringen aus; {{likely}} passt zum erwarteten Verbrauch.',
    misreadDigit:
      '{{consumption}} m³ statt der erwarteten {{expected}} m³: Der Stand {{reading}} weicht vom erwarteten {{expectedReading}} nur in einer Ziffer ab ({{position}}. Ziffer von rechts): eine falsch gelesene Ziffer?',
    jumpFactor:
      '{{consumption}} m³ sind das {{factor}}-Fache des üblichen Verbrauchs von {{avg}} m³/Tag (Grenze {{maxFactor}}-fach): eine falsch abgelesene Ziffer?',
    jumpFactorSince:
      '{{consumption}} m³ seit {{since}} sind das {{factor}}-Fache des üblichen Verbrauchs von {{avg}} m³/Tag (Grenze {{maxFactor}}-fach): eine falsch abgelesene Ziffer?',
    jumpLimit:
      '{{consumption}} m³ sind {{perDay}} m³/Tag, mehr als die Grenze von {{limit}} m³/Tag: eine falsch abgelesene Ziffer?',
    jumpLimitSince:
      '{{consumption}} m³ seit {{since}} sind {{perDay}} m³/Tag, mehr als die Grenze von {{limit}} m³/Tag: eine falsch abgelesene Ziffer?',
    datesUnreadable:
      'Das Ablesedatum „{{readAt}}“ ist nicht lesbar; der Verbrauch pro Tag wird nicht geprüft.',
    previousAfterRead:
      'Die vorherige Ablesung ist auf den {{previous}} datiert, also nach dieser Ablesung ({{read}}).',
    readDateFuture:
      'Aufgenommen am {{taken}}, also in der Zukunft: Die Uhr der Kamera geht vermutlich falsch.',
    readDateAfter_one:
      'Aufgenommen am {{taken}}, {{count}} Tag nach den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
    readDateAfter_other:
      'Aufgenommen am {{taken}}, {{count}} Tage nach den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
    readDateBefore_one:
      'Aufgenommen am {{taken}}, {{count}} Tag vor den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
    readDateBefore_other:
      'Aufgenommen am {{taken}}, {{count}} Tage vor den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
  },
  dateNote: {
    fileTime:
      'Kein EXIF-Datum ({{why}}); verwendet wurde die Änderungszeit der Datei, die sich beim Kopieren ändert.',
    noTimeZone:
      'Die Kamera hat keine Zeitzone aufgezeichnet; die Uhrzeit ist die Ortszeit ihrer Uhr.',
    why: {
      notJpeg: 'kein JPEG; nur JPEG-Fotos haben EXIF-Daten, die MeterDesk liest',
      endsInHeaders: 'die Datei endet mitten in ihren Kopfdaten',
      damagedHeaders: 'die JPEG-Kopfdaten sind beschädigt',
      noExifBlock: 'das Foto hat keinen EXIF-Block',
      notInFirstHeaders: 'kein EXIF-Block in den ersten Kopfdaten',
      damagedExif: 'der EXIF-Block ist beschädigt: {{detail}}',
      noDateTimeOriginal: 'der EXIF-Block hat kein Aufnahmedatum (DateTimeOriginal)',
      clockNotSet: 'das EXIF-Aufnahmedatum ist leer (die Uhr der Kamera war nicht gestellt)',
    },
  },
  detail: {
    title: 'Zähler',
    meter: 'Zählernummer',
    account: 'Vertragskonto',
    address: 'Adresse',
    route: 'Route · Laufreihenfolge',
    previous: 'Vorheriger Zählerstand',
    previousAt: 'am {{date}}',
    readAt: 'Ablesedatum',
    fileTime: 'Dateizeit',
    consumption: 'Verbrauch',
    rolledOver: 'nach Zählerüberlauf',
    plausibility: 'Plausibilität',
    level: { ok: 'Plausibel', not_checked: 'Nicht geprüft', warning: 'Warnung', error: 'Fehler' },
    rules: 'Warum auffällig',
    matched: 'Zugeordnet über',
    how: {
      pattern: 'Dateinamen-Muster',
      token: 'Zählernummer im Dateinamen',
      folder: 'Ordnernamen',
      code: 'Code auf dem Foto',
      manual: 'Hand',
    },
    noMeter: 'Kein Zähler der Ableseliste passt zu diesem Foto.',
    state: 'Abrechnung',
    typed: 'Von Hand erfasst: {{reading}}',
    skippedAs: 'Grund: {{code}}',
    noPhoto: 'Noch kein Foto dieses Zählers.',
    close: 'Zähler schließen',
  },
  /** Der Code auf einem Foto (ein Seriennummer-Aufkleber) gegen seinen Zähler. */
  codes: {
    namesOtherMeter:
      'Der Code auf dem Foto lautet {{code}}; dieses Foto wurde dem Zähler {{matched}} zugeordnet.',
    moveTo: 'Zum Zähler {{meter}} verschieben',
  },
  picker: {
    label: 'Zähler für dieses Foto',
    change: 'Zähler ändern',
    placeholder: 'Zählernummer, Konto oder Adresse eingeben',
    none: 'Kein Zähler passt zu „{{query}}“.',
    hint: '↑/↓ wählen · Eingabe zuordnen · Esc abbrechen',
    assigned: 'Foto dem Zähler {{meter}} zugeordnet.',
  },
  skip: {
    title: 'Nicht ablesbar',
    code: 'Grund',
    note: 'Bemerkung',
    notePlaceholder: 'Was der Ableser vorfand',
    save: 'Als nicht abgelesen erfassen',
    needNote: 'Schreiben Sie in die Bemerkung, warum der Zähler nicht abgelesen werden konnte.',
    codes: {
      no_access: 'Kein Zugang',
      locked: 'Verschlossen',
      dog: 'Hund',
      buried: 'Verschüttet oder verdeckt',
      damaged: 'Beschädigt',
      other: 'Sonstiges (Bemerkung)',
    },
  },
  hand: {
    title: 'Zählerstand eingeben',
    label: 'Zählerstand vom Zähler',
    hint: 'Wird als von Hand erfasst gespeichert. Ziffern mit höchstens einem Dezimalzeichen, z. B. 00123,45.',
    save: 'Zählerstand speichern',
  },
  review: {
    walking: 'Laufreihenfolge: Zähler {{meter}}, Nr. {{sequence}}',
    aiKept: 'KI las {{reading}}',
  },
  export: {
    kind: 'Was exportieren',
    billing: 'Für die Abrechnung: eine Zeile je Zähler',
    photos: 'Je Foto: eine Zeile je Datei',
    title: 'Export für die Abrechnung',
    contents: 'Was enthalten ist',
    finished: 'Fertig',
    toReview: 'Zu prüfen',
    pending: 'Wird gelesen',
    notSent: 'Noch kein Zählerstand',
    skipped: 'Nicht abgelesen',
    scope: 'Welche Zähler',
    scopeFinished: 'Nur fertige und geprüfte',
    scopeAll: 'Alle Zähler (ohne bestätigten Zählerstand als nicht abrechenbar markiert)',
    warnLeftOut: 'Bis zur Prüfung nicht enthalten: Zähler {{meters}}.',
    warnIncluded: 'Nicht geprüft, mit use_on_bill = no geschrieben: Zähler {{meters}}.',
    warnMore: '… und {{n}} weitere.',
    run: 'Exportieren…',
    done: '{{readings}} Zählerstände ({{skipped}} nicht abgelesene Zähler) nach {{path}} exportiert',
    replaced: '{{n}} Zeichen, die Windows-1252 nicht kennt, wurden als „?“ geschrieben.',
  },
  template: {
    title: 'Vorlage',
    summary: '{{n}} Spalten, Trennzeichen „{{delimiter}}“, Dezimalzeichen „{{mark}}“',
    edit: 'Spalten und Format bearbeiten',
    fold: 'Einklappen',
    name: 'Name',
    builtIn: 'Eingebaute Vorlage',
    columns: 'Spalten',
    include: '{{field}} aufnehmen',
    header: 'Überschrift von {{field}}',
    up: '{{field}} nach oben',
    down: '{{field}} nach unten',
    delimiter: 'Trennzeichen',
    comma: 'Komma (,)',
    semicolon: 'Semikolon (;)',
    tab: 'Tabulator',
    decimalMark: 'Dezimalzeichen',
    point: 'Punkt (12.5)',
    decimalComma: 'Komma (12,5)',
    dateFormat: 'Datum',
    includeTime: 'Mit Uhrzeit',
    encoding: 'Zeichensatz',
    utf8bom: 'UTF-8 für Excel (mit BOM)',
    utf8: 'UTF-8',
    windows1252: 'Windows-1252 (ältere Importe)',
    unmatched: 'Je Foto ohne Zähler eine Zeile anfügen (markiert)',
    save: 'Vorlage speichern',
    saved: 'Vorlage „{{name}}“ für den nächsten Export gespeichert.',
    import: 'Importieren…',
    imported: 'Vorlage „{{name}}“ importiert.',
    exportFile: 'Exportieren…',
    exported: 'Vorlage nach {{path}} geschrieben',
    reset: 'Eingebaute Vorlage',
    invalid: 'Diese Vorlage ist nicht verwendbar: {{reason}}',
  },
};
