// The plausibility rules' sentences in English, i18next-style ({{name}}; a count picks _one or
// _other): pure data, so the window's catalogue (renderer/i18n/en/billing.ts) and the
// export's reasons (common/billing/rule-lines.ts) word a rule from the same template.
export const RULE_TEMPLATES_EN = {
  notANumber: 'The reading "{{reading}}" is not a number.',
  tooLong: 'The reading {{reading}} has more than {{max}} digits.',
  tooManyDigits:
    'The reading {{reading}} has {{whole}} whole digits; the register shows {{digits}}.',
  tooManyDecimals:
    'The reading {{reading}} has {{decimals}} decimals; the register shows {{shows}}.',
  registerNoDecimals: 'no decimals',
  tooFewDigits:
    'The reading {{reading}} has {{whole}} whole digits; the register shows {{digits}} (leading zeros left out? {{padded}}).',
  negative:
    'The reading {{reading}} is {{below}} m³ below the previous reading {{previous}}: negative consumption. A misread, or was the meter exchanged?',
  previousInvalid:
    'The previous reading "{{previous}}" is not a number; consumption is not checked.',
  negativeOf:
    'The reading {{reading}} is {{below}} m³ below the previous reading {{previous}} of {{date}}: negative consumption. A misread, or was the meter exchanged?',
  zero: 'No consumption since the previous reading: is the premises empty, or the meter stuck?',
  zeroDays_one: 'No consumption in {{count}} day: is the premises empty, or the meter stuck?',
  zeroDays_other: 'No consumption in {{count}} days: is the premises empty, or the meter stuck?',
  zeroDaysSince_one:
    'No consumption in {{count}} day since {{since}}: is the premises empty, or the meter stuck?',
  zeroDaysSince_other:
    'No consumption in {{count}} days since {{since}}: is the premises empty, or the meter stuck?',
  high_one:
    '{{consumption}} m³ in {{count}} day is {{deviation}} above the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit +{{limit}}%).',
  high_other:
    '{{consumption}} m³ in {{count}} days is {{deviation}} above the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit +{{limit}}%).',
  low_one:
    '{{consumption}} m³ in {{count}} day is {{deviation}} below the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit −{{limit}}%).',
  low_other:
    '{{consumption}} m³ in {{count}} days is {{deviation}} below the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit −{{limit}}%).',
  misreadRolling:
    '{{consumption}} m³ against the expected {{expected}} m³: the reading {{reading}} looks like a drum caught turning; {{likely}} fits the expected use.',
  misreadDigit:
    '{{consumption}} m³ against the expected {{expected}} m³: the reading {{reading}} differs from the expected {{expectedReading}} in one digit only (digit {{position}} from the right): a misread digit?',
  jumpFactor:
    '{{consumption}} m³ is {{factor}} the usual {{avg}} m³/day (limit {{maxFactor}}): a misread digit?',
  jumpFactorSince:
    '{{consumption}} m³ since {{since}} is {{factor}} the usual {{avg}} m³/day (limit {{maxFactor}}): a misread digit?',
  jumpLimit:
    '{{consumption}} m³ is {{perDay}} m³/day, above the limit of {{limit}} m³/day: a misread digit?',
  jumpLimitSince:
    '{{consumption}} m³ since {{since}} is {{perDay}} m³/day, above the limit of {{limit}} m³/day: a misread digit?',
  datesUnreadable: 'The read date "{{readAt}}" cannot be read; consumption per day is not checked.',
  previousAfterRead: 'The previous reading is dated {{previous}}, after this reading ({{read}}).',
  readDateFuture: "Taken {{taken}}, which is in the future: the camera's clock is probably wrong.",
  readDateAfter_one:
    "Taken {{taken}}, {{count}} day after most of this route's photos (around {{around}}): check the camera's clock.",
  readDateAfter_other:
    "Taken {{taken}}, {{count}} days after most of this route's photos (around {{around}}): check the camera's clock.",
  readDateBefore_one:
    "Taken {{taken}}, {{count}} day before most of this route's photos (around {{around}}): check the camera's clock.",
  readDateBefore_other:
    "Taken {{taken}}, {{count}} days before most of this route's photos (around {{around}}): check the camera's clock.",
  zeroStreak_one: 'No consumption this period on an active account: is the meter stuck?',
  zeroStreak_other:
    'No consumption for {{count}} periods in a row on an active account (since {{since}}): is the meter stuck?',
  vacantUse: '{{consumption}} m³ used on an account marked vacant.',
  vacantUseSince: '{{consumption}} m³ used on an account marked vacant since {{since}}.',
  leakStep:
    'This period and the {{before}} before it all lie above this meter’s level of the year before, by {{percent}} on average: a leak?',
  basisSeasonal: 'Expected from this meter’s history and the season of its class.',
  basisRecent: 'Expected from this meter’s recent periods.',
  codeNamesOtherMeter:
    'The code on the photo ({{code}}) names meter {{named}}, not {{matched}}: is it a photo of another meter?',
} as const;

export type RuleTemplateKey = keyof typeof RULE_TEMPLATES_EN;
