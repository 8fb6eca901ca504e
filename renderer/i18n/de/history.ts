import type { Words } from '../catalogue-types';
import type { history as en } from '../en/history';

export const history: Words<typeof en> = {
  band: {
    title: 'Erwartet',
    expected: '{{expected}} {{unit}} in {{days}} Tagen',
    allowed: 'zulässig {{lower}} bis {{upper}} {{unit}}',
    fell: {
      within: 'Diese Ablesung: {{consumption}} {{unit}}, innerhalb der Grenzen.',
      above: 'Diese Ablesung: {{consumption}} {{unit}}, über der oberen Grenze.',
      below: 'Diese Ablesung: {{consumption}} {{unit}}, unter der unteren Grenze.',
    },
    basis: {
      seasonal: 'Aus dem Verlauf dieses Zählers und dem Jahresgang seiner Gruppe.',
      recent: 'Aus den letzten Zeiträumen dieses Zählers.',
      sheet: 'Aus dem Tagesdurchschnitt der Ableseliste.',
    },
    picture:
      'Grenzen von {{lower}} bis {{upper}} {{unit}}, erwartet {{expected}}, diese Ablesung {{consumption}}',
  },
  import: {
    button: 'Verlauf importieren…',
    title: 'Zählerverlauf importiert',
    summary_one:
      '{{count, number}} Zeile gelesen: {{added}} Ablesungen hinzugefügt, {{unchanged}} waren schon da.',
    summary_other:
      '{{count, number}} Zeilen gelesen: {{added}} Ablesungen hinzugefügt, {{unchanged}} waren schon da.',
    meters_one:
      '{{count, number}} Zähler genannt, davon {{onSheet}} auf einer geladenen Ableseliste: Seine Ablesungen wurden mit seinem Verlauf erneut geprüft.',
    meters_other:
      '{{count, number}} Zähler genannt, davon {{onSheet}} auf einer geladenen Ableseliste: Ihre Ablesungen wurden mit ihrem Verlauf erneut geprüft.',
    problems_one: '{{count, number}} Zeile wurde nicht übernommen:',
    problems_other: '{{count, number}} Zeilen wurden nicht übernommen:',
    more: '… und {{count, number}} weitere (meter-desk history import nennt alle).',
    line: 'Zeile {{line}}: {{problem}}',
    close: 'Schließen',
    problem: {
      unreadable_file: 'Die Datei kann nicht gelesen werden ({{detail}}).',
      no_rows: 'Die Datei hat eine Kopfzeile, aber keine Ablesungen.',
      missing_column:
        'Keine Spalte für {{column}} (die Kopfzeile lautet: {{headers}}); erwartet z. B. meter_id,read_at,reading,read_type.',
      no_meter: 'Die Zählernummer ist leer.',
      bad_date: 'Das Ablesedatum „{{text}}“ ist kein Datum, das MeterDesk liest.',
      bad_reading: 'Der Stand „{{text}}“ ist kein Zählerstand.',
      bad_type:
        'Die Ableseart „{{text}}“ ist keine von actual, customer, estimated, removal, install.',
      conflict:
        'Zähler {{meterId}} hat am {{readAt}} schon den Stand {{stored}}; {{reading}} wurde nicht darübergeschrieben.',
    },
  },
  chart: {
    title: 'Verbrauch pro Tag in den letzten Zeiträumen ({{unit}})',
    picture_one:
      'Verbrauch pro Tag in {{count}} Zeitraum von {{from}} bis {{to}}: {{low}} bis {{high}} {{unit}} am Tag',
    picture_other:
      'Verbrauch pro Tag in {{count}} Zeiträumen von {{from}} bis {{to}}: {{low}} bis {{high}} {{unit}} am Tag',
    bar: '{{from}} bis {{to}}: {{used}} {{unit}}, {{perDay}} {{unit}} am Tag',
    estimate: 'Von der Abrechnung geschätzt am {{day}}',
    exchange: 'Zähler gewechselt am {{day}}',
    now: 'Jetzt',
    legend: {
      actual: 'Vom Versorger abgelesen',
      customer: 'Vom Kunden abgelesen',
      estimated: 'Schätzung (kein eigener Zeitraum)',
      band: 'Für diese Ablesung zulässig',
    },
  },
  limits: {
    title: 'Plausibilitätsgrenzen',
    intro:
      'Eine Ablesung, deren Verbrauch außerhalb ihrer Grenzen liegt, geht in die Prüfung statt in die Abrechnung. Die Balken zeigen den Verbrauch Ihrer letzten Ablesungen im Verhältnis zum erwarteten; die Linien sind die Grenzen.',
    choose: 'Grenzen, nach denen geprüft wird',
    profile: {
      history: 'MeterDesk (Verlauf)',
      sap_bands: 'SAP-Grenzen (+70/−40 %, +60/−30 %, +50/−20 %)',
      custom: 'Eigene Einstellungen',
    },
    custom:
      'Diese Warteschlange nutzt eigene Grenzen (aus einer Einstellungsdatei). Ein Profil zu wählen ersetzt sie.',
    spread:
      'Ohne frühere Zeiträume: beanstandet über {{high}} oder unter {{low}} des erwarteten Verbrauchs (σ {{sigma}}, z {{z}}); bei einem gleichmäßigen Zähler werden die Grenzen enger, bei einem unruhigen weiter.',
    withHistory:
      'Mit importiertem Verlauf: die im Rückblick gemessene Streuung des Zählers, {{z}} σ zu beiden Seiten seiner saisonalen Erwartung.',
    bandBelow: 'unter {{below}} {{unit}}',
    bandRange: '{{from}} bis {{to}} {{unit}}',
    bandFrom: 'ab {{from}} {{unit}}',
    band: 'Erwartet {{range}}: beanstandet über +{{high}} % oder unter −{{low}} %.',
    bandAround:
      'Dieselben Grenzen für jeden Zähler, um seinen erwarteten Verbrauch (aus seinem Verlauf, wenn importiert, sonst aus dem Tagesdurchschnitt der Liste).',
    misreadOn:
      'Die Ablesefehler-Signatur (eine Ziffer daneben, eine Rolle beim Umspringen) ist an.',
    misreadOff: 'Die Ablesefehler-Signatur ist aus.',
    picture_one:
      '{{count}} letzte Ablesung nach Verbrauch im Verhältnis zum erwarteten, Grenzen von {{low}} bis {{high}}',
    picture_other:
      '{{count}} letzte Ablesungen nach Verbrauch im Verhältnis zum erwarteten, Grenzen von {{low}} bis {{high}}',
    edges:
      'Verbrauch ÷ erwartet. Linien: die Grenzen der meisten Ablesungen ({{low}} und {{high}}); gestrichelt: wie erwartet (×1).',
    noReadings:
      'Noch keine Ablesungen mit erwartetem Verbrauch: Die Balken füllen sich, sobald Fotos von Zählern einer Ableseliste gelesen sind.',
    flagged_one:
      '{{name}}: {{flagged}} von Ihrer letzten {{count, number}} Ablesung außerhalb der Grenzen ({{above}} darüber, {{below}} darunter)',
    flagged_other:
      '{{name}}: {{flagged}} von Ihren letzten {{count, number}} Ablesungen außerhalb ihrer Grenzen ({{above}} darüber, {{below}} darunter)',
  },
  inspection: {
    button: 'Prüfliste…',
    title: 'Zähler, die einen Besuch lohnen',
    intro:
      'Das Dringendste zuerst: Zähler, die auf einem bewohnten Konto stehen geblieben sind, Verbrauch auf leerstehenden Konten, dann seit dem letzten Wechsel sinkender Verbrauch, der Jahresgang herausgerechnet. Dieselbe Liste wie meter-desk export --inspection.',
    noHistory:
      'Noch kein Zählerverlauf importiert: Importieren Sie die früheren Ablesungen, um die Zähler zu reihen.',
    empty:
      'Nichts zu prüfen: keine Nullserien, kein Verbrauch auf leerstehenden Konten, kein sinkender Verbrauch.',
    count_one: '{{count, number}} Zähler',
    count_other: '{{count, number}} Zähler',
    rank: 'Rang',
    meter: 'Zähler',
    route: 'Tour',
    address: 'Adresse',
    reason: 'Grund',
    lessThan: 'weniger als {{amount}}',
    since: ' seit {{since}}',
    code: {
      zero_streak_one:
        'Kein Verbrauch in {{count}} Zeitraum{{since}} auf einem bewohnten Konto: Steht der Zähler?',
      zero_streak_other:
        'Kein Verbrauch in {{count}} Zeiträumen in Folge{{since}} auf einem bewohnten Konto: Steht der Zähler?',
      vacant_use:
        '{{used}} m³ Verbrauch im letzten Zeitraum{{since}} auf einem als leerstehend markierten Konto.',
      falling:
        'Verbrauch sinkt um {{percent}} % im Monat über {{periods}} Zeiträume{{since}}, Jahresgang herausgerechnet: Läuft der Zähler langsamer?',
    },
    close: 'Schließen',
  },
};
