import type { Words } from '../catalogue-types';
import type { orderFiles as en } from '../en/order-files';

export const orderFiles: Words<typeof en> = {
  load: {
    title: 'Auftragsdatei {{name}} laden',
    recognised:
      'Dies ist eine Auftragsdatei aus der Abrechnung im Format {{profile}}. MeterDesk bewahrt sie Byte für Byte auf und gibt dieselbe Datei mit den Zählerständen zurück.',
    choose:
      'Wählen Sie das Format dieser Auftragsdatei: eines der eingebauten Profile oder die Profildatei Ihres Hauses.',
    profile: 'Profil',
    recognisedTag: '{{label}} (erkannt)',
    ownFile: 'Profildatei: {{name}}',
    chooseFile: 'Profildatei…',
    fileProblems: 'Diese Profildatei ist nicht verwendbar:',
    run: 'Auftragsdatei laden',
    cancel: 'Abbrechen',
    asOrderFile: 'Als Auftragsdatei lesen…',
    failed: {
      not_an_order_file:
        'Kein eingebautes Profil erkennt diese Datei. Wählen Sie das Profil ihres Formats.',
      no_header: 'Die Datei ist als {{profile}} nicht lesbar: Sie hat keine Kopfzeile.',
      no_key_column:
        'Die Datei ist als {{profile}} nicht lesbar: Keine ihrer Spalten ist die Schlüssel- oder Zählerspalte des Profils.',
      no_reading_column:
        'Die Datei ist als {{profile}} nicht lesbar: Sie hat keine Spalte für den Zählerstand.',
      no_orders: 'Die Datei ist als {{profile}} nicht lesbar: Sie enthält keinen Ableseauftrag.',
    },
    columns: 'Ihre Spalten: {{columns}}',
    nothingLoaded: 'Es wurde nichts geladen.',
  },
  loaded: {
    title: 'Auftragsdatei geladen',
    summary:
      '{{name}}, Format {{profile}}: {{records}} Ableseaufträge, {{meters}} Zähler. Byte für Byte aufbewahrt (SHA-256 {{sha}}…).',
    matched: 'Zugeordnete Fotos: {{matched}}. Fotos ohne Zähler: {{unmatched}}.',
    exceptions_one:
      '{{count, number}} Ausnahme. Sie hat nichts aufgehalten: Die Zeile geht unverändert an die Abrechnung zurück.',
    exceptions_other:
      '{{count, number}} Ausnahmen. Keine hat das Laden aufgehalten: Jede Zeile geht unverändert an die Abrechnung zurück.',
    noExceptions: 'Keine Ausnahmen.',
    more: '… und {{count, number}} weitere (die Ausnahmen-CSV der Rückgabedatei nennt alle).',
    close: 'Schließen',
  },
  exception: {
    line: 'Zeile {{line}}',
    photo: 'Foto',
    key: 'Schlüssel {{key}}',
    duplicate_key:
      'Der Schlüssel {{key}} stand schon in Zeile {{first}}: Der erste Auftrag wird gefüllt, dieser geht unabgelesen zurück.',
    no_key: 'Ein Ableseauftrag ohne Schlüssel: Er geht unverändert zurück.',
    shared_meter:
      'Zähler {{meter}} hat {{records}} Aufträge (Zählwerke), die MeterDesk noch nicht unterstützt: Keiner wird gefüllt.',
    not_read: 'Nicht abgelesen ({{why}}): Er geht in der Form für „nicht abgelesen“ zurück.',
    not_read_skip: 'Nicht abgelesen: übersprungen ({{skip}}); das Profil hat dafür keinen Hinweis.',
    no_order: 'Das Foto {{photo}} zeigt Zähler {{meter}}, der in keinem Auftrag steht.',
    no_order_unmatched: 'Das Foto {{photo}} passt zu keinem Zähler der Auftragsdatei.',
    format_digits:
      'Der Stand {{reading}} hat mehr Vorkommastellen als das Zählwerk ({{digits}}): Er geht unabgelesen zurück.',
    format_decimals:
      'Der Stand {{reading}} hat mehr Nachkommastellen als das Zählwerk ({{decimals}}; nie gerundet): Er geht unabgelesen zurück.',
    format_width: 'Der Stand {{reading}} passt nicht in sein Feld: Er geht unabgelesen zurück.',
    not_an_order_comment: 'Eine Kommentar- oder Schlusszeile: unverändert durchgereicht.',
    not_an_order_type: 'Satzart {{type}} ist unbekannt: unverändert durchgereicht.',
    not_an_order_cells:
      'Eine Zeile mit {{cells}} der {{columns}} Zellen der Kopfzeile: unverändert durchgereicht.',
    not_an_order_length:
      'Eine Zeile mit {{length}} Zeichen ist kein Ableseauftrag: unverändert durchgereicht.',
    limits_high:
      'Der Stand {{reading}} liegt über den Grenzen der Abrechnung ({{low}} bis {{high}}): geschrieben mit Kennzeichen {{code}}.',
    limits_low:
      'Der Stand {{reading}} liegt unter den Grenzen der Abrechnung ({{low}} bis {{high}}): geschrieben mit Kennzeichen {{code}}.',
    read_date:
      'Abgelesen am {{readDate}}, {{days}} Tage vom geplanten {{scheduled}} entfernt (mehr als {{window}}).',
    file_age: 'Die Auftragsdatei ist vom {{fileDate}}, vor {{days}} Tagen (mehr als {{limit}}).',
    exchanged:
      'Zähler {{oldMeter}} wurde am {{exchangedAt}} gewechselt: ausgebaut mit {{oldFinal}}, neuer Zähler {{newMeter}} eingebaut mit {{newStart}}. Das Profil hat keinen Platz für einen neuen Zähler: der Auftrag geht als nicht abgelesen zurück; buchen Sie den Wechsel in der Abrechnung (der Abrechnungsexport enthält Ausbau- und Einbauzeile).',
  },
  ret: {
    title: 'Rückgabedatei für die Abrechnung',
    lead: 'Die Auftragsdatei {{name}} (Format {{profile}}) geht Byte für Byte an die Abrechnung zurück, mit Stand, Ablesedatum und -zeit, Ableseart und Kennzeichen jedes Zählers. Ein Zähler ohne Stand geht in der Form des Profils für „nicht abgelesen“ zurück.',
    beside: 'Daneben schreibt MeterDesk {{name}}.exceptions.csv: eine Zeile je Ausnahme.',
    run: 'Rückgabedatei schreiben…',
    cancel: 'Abbrechen',
    doneTitle: 'Rückgabedatei geschrieben',
    exceptions_one: '{{count, number}} Ausnahme, auch in der Ausnahmen-Datei:',
    exceptions_other: '{{count, number}} Ausnahmen, auch in der Ausnahmen-Datei:',
    done: '{{path}}: {{filled}} Aufträge gefüllt, {{notRead}} nicht abgelesen.',
    exceptionsFile: 'Ausnahmen: {{path}}',
    close: 'Schließen',
    show: 'Im Ordner zeigen',
    refused:
      'Es wurde nichts geschrieben: Zähler {{meter}} (Schlüssel {{key}}) braucht ein(e) {{what}} für „{{kind}}“, und das Profil {{profile}} hat keines. Ändern Sie die Ableseart des Zählers oder ergänzen Sie das Kennzeichen im Profil.',
    readTypeWord: 'Ableseart',
    codeWord: 'Kennzeichen',
    noOrderFile:
      'Es ist keine Auftragsdatei geladen: Laden Sie eine mit „Ableseliste laden…“. Es wurde nichts geschrieben.',
    unreadable:
      'Die aufbewahrte Auftragsdatei ist mit ihrem Profil nicht mehr lesbar. Es wurde nichts geschrieben.',
    officeLead:
      'Die Kopie des Büros von der neuesten Auftragsdatei geht Byte für Byte an die Abrechnung zurück, gefüllt mit den Ständen und Entscheidungen aller Arbeitsplätze, gleich wo der Zähler gelesen wurde.',
    officeFrom: 'Auftragsdatei geladen an {{desk}}. Stände von: {{desks}}.',
    officeNoReading:
      'Auftragsdatei geladen an {{desk}}. Noch kein Arbeitsplatz hat einen ihrer Zähler gelesen.',
    officeNoOrderFile:
      'Das Büro hat keine Auftragsdatei: Laden Sie an einem Arbeitsplatz des Büros eine mit „Ableseliste laden…“. Es wurde nichts geschrieben.',
    kinds: {
      actual: 'vom Ableser abgelesen',
      customer: 'vom Kunden abgelesen',
      estimated: 'geschätzt',
      normal: 'innerhalb der Grenzen',
      high: 'über den Grenzen',
      low: 'unter den Grenzen',
      verified: 'bestätigt',
      zero: 'kein Verbrauch',
      negative: 'unter dem Vorstand',
    },
  },
  limits: {
    title: 'Prüfung der Abrechnung',
    from: 'Aus {{file}}, Format {{profile}}, Zeile {{line}}, Schlüssel {{key}}',
    range: 'Grenzen {{low}} bis {{high}}',
    wraps: 'Grenzen {{low}} bis {{high}}, über null hinweg (Überlauf erwartet)',
    noRange: 'Keine Grenzen in der Auftragsdatei',
    expected: 'Erwarteter Stand {{expected}}',
    register: 'Zählwerk {{digits}} Vorkomma-, {{decimals}} Nachkommastellen',
    window: 'Ablesung zwischen {{from}} und {{to}} (geplant {{scheduled}})',
    verdict: {
      normal: 'Dieser Stand liegt innerhalb der Grenzen der Abrechnung.',
      high: 'Dieser Stand liegt über den Grenzen der Abrechnung: Er geht mit dem Kennzeichen „hoch“ zurück.',
      low: 'Dieser Stand liegt unter den Grenzen der Abrechnung: Er geht mit dem Kennzeichen „niedrig“ zurück.',
      negative:
        'Dieser Stand liegt unter dem Vorstand: Er geht mit dem Kennzeichen „negativ“ zurück.',
      verified:
        'Dieser Stand liegt außerhalb der Grenzen, und eine Person hat ihn bestätigt: Er geht als bestätigt zurück.',
      zero: 'Kein Verbrauch seit der letzten Ablesung: Er geht mit dem Kennzeichen „null“ zurück.',
    },
    noReading: 'Noch kein Stand: Der Zähler geht in der Form für „nicht abgelesen“ zurück.',
    dateOutside: 'Abgelesen am {{date}}, außerhalb des Ablesezeitraums der Abrechnung.',
    sharedMeter:
      'Mehrere Aufträge teilen sich diesen Zähler (Zählwerke): Keiner wird gefüllt, bis MeterDesk Zählwerke unterstützt.',
    unknown: '–',
  },
};
