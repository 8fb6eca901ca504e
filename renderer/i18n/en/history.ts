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
  limits: {
    title: 'Plausibility limits',
    intro:
      'A reading whose consumption falls outside its band goes to review instead of the bill. The bars show your recent readings’ consumption against what was expected; the lines are the band’s edges.',
    choose: 'Limits the checks use',
    profile: {
      history: 'MeterDesk (history)',
      sap_bands: 'SAP bands (+70/−40 %, +60/−30 %, +50/−20 %)',
      custom: 'Your own settings',
    },
    custom:
      'This queue uses limits of its own (a settings file). Choosing a profile replaces them.',
    spread:
      'Without earlier periods: flagged above {{high}} or below {{low}} of the expected consumption (σ {{sigma}}, z {{z}}); the band narrows for a steady meter and widens for a restless one.',
    withHistory:
      'With an imported history: the meter’s own back-tested spread, {{z}} σ either side of its seasonal expectation.',
    bandBelow: 'below {{below}} {{unit}}',
    bandRange: '{{from}} to {{to}} {{unit}}',
    bandFrom: '{{from}} {{unit}} and above',
    band: 'Expected {{range}}: flagged above +{{high}} % or below −{{low}} %.',
    bandAround:
      'The same bands for every meter, around its expectation (from its history when imported, else the sheet’s average).',
    misreadOn: 'The misread signature (one digit off, a drum caught turning) is on.',
    misreadOff: 'The misread signature is off.',
    picture_one:
      '{{count}} recent reading by consumption against its expectation, band from {{low}} to {{high}}',
    picture_other:
      '{{count}} recent readings by consumption against their expectation, band from {{low}} to {{high}}',
    edges:
      'Consumption ÷ expected. Lines: the band’s edges for most readings ({{low}} and {{high}}); dashed: as expected (×1).',
    noReadings:
      'No readings with an expectation yet: the bars fill as photos of meters on a route sheet are read.',
    flagged_one:
      '{{name}}: {{flagged}} of your last {{count, number}} reading outside its band ({{above}} above, {{below}} below)',
    flagged_other:
      '{{name}}: {{flagged}} of your last {{count, number}} readings outside their band ({{above}} above, {{below}} below)',
  },
  inspection: {
    button: 'Inspection list…',
    title: 'Meters worth a visit',
    intro:
      'Most urgent first: meters that stopped on an active account, use on vacant accounts, then use falling since the last exchange with the season taken out. The same list as meter-desk export --inspection.',
    noHistory: 'No meter history imported yet: import the meters’ earlier readings to rank them.',
    empty: 'Nothing to inspect: no zero streaks, no use on vacant accounts, no falling use.',
    count_one: '{{count, number}} meter',
    count_other: '{{count, number}} meters',
    rank: 'Rank',
    meter: 'Meter',
    route: 'Route',
    address: 'Address',
    reason: 'Reason',
    lessThan: 'less than {{amount}}',
    since: ' since {{since}}',
    code: {
      zero_streak_one:
        'No consumption for {{count}} period in a row{{since}} on an active account: is the meter stuck?',
      zero_streak_other:
        'No consumption for {{count}} periods in a row{{since}} on an active account: is the meter stuck?',
      vacant_use: '{{used}} m³ used in the last period{{since}} on an account marked vacant.',
      falling:
        'Use falling {{percent}} % a month over {{periods}} periods{{since}}, the season taken out: a meter slowing down?',
    },
    close: 'Close',
  },
} as const;
