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
} as const;
