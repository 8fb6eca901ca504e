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
