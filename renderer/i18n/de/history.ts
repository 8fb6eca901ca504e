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
};
