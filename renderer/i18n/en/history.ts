// English words of a meter's history in the detail: where this reading fell against what its
// history and the rules expected (renderer/billing/expectation-band.tsx).
export const history = {
  band: {
    title: 'Expected',
    expected: '{{expected}} {{unit}} in {{days}} days',
    allowed: 'allowed {{lower}} to {{upper}} {{unit}}',
    fell: {
      within: 'This reading: {{consumption}} {{unit}}, within the band.',
      above: 'This reading: {{consumption}} {{unit}}, above the band.',
      below: 'This reading: {{consumption}} {{unit}}, below the band.',
    },
    basis: {
      seasonal: 'From this meter’s history and its class’s season.',
      recent: 'From this meter’s recent periods.',
      sheet: 'From the route sheet’s average daily use.',
    },
    picture:
      'Band from {{lower}} to {{upper}} {{unit}}, expected {{expected}}, this reading {{consumption}}',
  },
  chart: {
    title: 'Use per day over the last periods ({{unit}})',
    picture_one:
      'Use per day in {{count}} period from {{from}} to {{to}}: {{low}} to {{high}} {{unit}} a day',
    picture_other:
      'Use per day in {{count}} periods from {{from}} to {{to}}: {{low}} to {{high}} {{unit}} a day',
    bar: '{{from}} to {{to}}: {{used}} {{unit}}, {{perDay}} {{unit}} a day',
    estimate: 'Estimated by billing on {{day}}',
    exchange: 'Meter exchanged on {{day}}',
    now: 'Now',
    legend: {
      actual: 'Read by the utility',
      customer: 'Read by the customer',
      estimated: 'Estimate (no period of its own)',
      band: 'Allowed for this reading',
    },
  },
} as const;
