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
};
