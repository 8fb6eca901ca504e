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
  import: {
    button: 'Import history…',
    title: 'Meter history imported',
    summary_one:
      '{{count, number}} line read: {{added}} readings added, {{unchanged}} already there.',
    summary_other:
      '{{count, number}} lines read: {{added}} readings added, {{unchanged}} already there.',
    meters_one:
      '{{count, number}} meter named, {{onSheet}} of them on a loaded route sheet: its readings were checked again with its history.',
    meters_other:
      '{{count, number}} meters named, {{onSheet}} of them on a loaded route sheet: their readings were checked again with their history.',
    problems_one: '{{count, number}} line was not taken:',
    problems_other: '{{count, number}} lines were not taken:',
    more: '… and {{count, number}} more (meter-desk history import lists them all).',
    line: 'Line {{line}}: {{problem}}',
    close: 'Close',
    problem: {
      unreadable_file: 'The file cannot be read ({{detail}}).',
      no_rows: 'The file has a header but no readings.',
      missing_column:
        'No column for {{column}} (the header says: {{headers}}); expected e.g. meter_id,read_at,reading,read_type.',
      no_meter: 'The meter number is empty.',
      bad_date: 'The read date “{{text}}” is not a date MeterDesk reads.',
      bad_reading: 'The reading “{{text}}” is not a meter reading.',
      bad_type:
        'The read type “{{text}}” is none of actual, customer, estimated, removal, install.',
      conflict:
        'Meter {{meterId}} already has the reading {{stored}} on {{readAt}}; {{reading}} was not stored over it.',
    },
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
