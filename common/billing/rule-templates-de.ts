// The plausibility rules' sentences in German: the same keys as rule-templates-en.ts, shared by
// the window's catalogue (renderer/i18n/de/billing.ts) and the export's reasons.
import type { RuleTemplateKey } from './rule-templates-en';

export const RULE_TEMPLATES_DE: Readonly<Record<RuleTemplateKey, string>> = {
  zeroStreak_one: 'Kein Verbrauch in diesem Zeitraum bei aktivem Kunden: steht der Zähler?',
  zeroStreak_other:
    'Der {{count}}. Zeitraum in Folge ohne Verbrauch bei aktivem Kunden (seit {{since}}): steht der Zähler?',
  vacantUse: '{{consumption}} m³ Verbrauch bei einem Kunden im Leerstand.',
  vacantUseSince: '{{consumption}} m³ Verbrauch bei einem Kunden im Leerstand seit {{since}}.',
  leakStep:
    'Dieser Zeitraum und die {{before}} davor liegen alle über dem Niveau dieses Zählers im Jahr davor, im Mittel um {{percent}}: ein Leck?',
  basisSeasonal: 'Erwartet aus der Historie dieses Zählers und der Saison seiner Verbrauchsgruppe.',
  basisRecent: 'Erwartet aus den letzten Zeiträumen dieses Zählers.',
  notANumber: 'Der Zählerstand „{{reading}}“ ist keine Zahl.',
  tooLong: 'Der Zählerstand {{reading}} hat mehr als {{max}} Stellen.',
  tooManyDigits:
    'Der Zählerstand {{reading}} hat {{whole}} Stelle(n) vor dem Komma; das Zählwerk zeigt {{digits}}.',
  tooManyDecimals:
    'Der Zählerstand {{reading}} hat {{decimals}} Nachkommastelle(n); das Zählwerk zeigt {{shows}}.',
  registerNoDecimals: 'keine Nachkommastellen',
  tooFewDigits:
    'Der Zählerstand {{reading}} hat {{whole}} Stelle(n) vor dem Komma; das Zählwerk zeigt {{digits}} (führende Nullen weggelassen? {{padded}}).',
  negative:
    'Der Zählerstand {{reading}} liegt {{below}} m³ unter dem vorherigen Zählerstand {{previous}}: negativer Verbrauch. Falsch abgelesen, oder wurde der Zähler gewechselt?',
  previousInvalid:
    'Der vorherige Zählerstand „{{previous}}“ ist keine Zahl; der Verbrauch wird nicht geprüft.',
  negativeOf:
    'Der Zählerstand {{reading}} liegt {{below}} m³ unter dem vorherigen Zählerstand {{previous}} vom {{date}}: negativer Verbrauch. Falsch abgelesen, oder wurde der Zähler gewechselt?',
  zero: 'Kein Verbrauch seit der vorherigen Ablesung: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
  zeroDays_one:
    'Kein Verbrauch in {{count}} Tag: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
  zeroDays_other:
    'Kein Verbrauch in {{count}} Tagen: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
  zeroDaysSince_one:
    'Kein Verbrauch in {{count}} Tag seit {{since}}: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
  zeroDaysSince_other:
    'Kein Verbrauch in {{count}} Tagen seit {{since}}: Steht die Liegenschaft leer, oder ist der Zähler blockiert?',
  high_one:
    '{{consumption}} m³ in {{count}} Tag liegen {{deviation}} über dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze +{{limit}} %).',
  high_other:
    '{{consumption}} m³ in {{count}} Tagen liegen {{deviation}} über dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze +{{limit}} %).',
  low_one:
    '{{consumption}} m³ in {{count}} Tag liegen {{deviation}} unter dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze −{{limit}} %).',
  low_other:
    '{{consumption}} m³ in {{count}} Tagen liegen {{deviation}} unter dem erwarteten Verbrauch von {{expected}} m³ ({{perDay}} m³/Tag × {{count}}; Grenze −{{limit}} %).',
  misreadRolling:
    '{{consumption}} m³ statt der erwarteten {{expected}} m³: Der Stand {{reading}} sieht nach einer Walze mitten im Umspringen aus; {{likely}} passt zum erwarteten Verbrauch.',
  misreadDigit:
    '{{consumption}} m³ statt der erwarteten {{expected}} m³: Der Stand {{reading}} weicht vom erwarteten {{expectedReading}} nur in einer Ziffer ab ({{position}}. Ziffer von rechts): eine falsch gelesene Ziffer?',
  jumpFactor:
    '{{consumption}} m³ sind das {{factor}}-Fache des üblichen Verbrauchs von {{avg}} m³/Tag (Grenze {{maxFactor}}-fach): eine falsch abgelesene Ziffer?',
  jumpFactorSince:
    '{{consumption}} m³ seit {{since}} sind das {{factor}}-Fache des üblichen Verbrauchs von {{avg}} m³/Tag (Grenze {{maxFactor}}-fach): eine falsch abgelesene Ziffer?',
  jumpLimit:
    '{{consumption}} m³ sind {{perDay}} m³/Tag, mehr als die Grenze von {{limit}} m³/Tag: eine falsch abgelesene Ziffer?',
  jumpLimitSince:
    '{{consumption}} m³ seit {{since}} sind {{perDay}} m³/Tag, mehr als die Grenze von {{limit}} m³/Tag: eine falsch abgelesene Ziffer?',
  datesUnreadable:
    'Das Ablesedatum „{{readAt}}“ ist nicht lesbar; der Verbrauch pro Tag wird nicht geprüft.',
  previousAfterRead:
    'Die vorherige Ablesung ist auf den {{previous}} datiert, also nach dieser Ablesung ({{read}}).',
  readDateFuture:
    'Aufgenommen am {{taken}}, also in der Zukunft: Die Uhr der Kamera geht vermutlich falsch.',
  readDateAfter_one:
    'Aufgenommen am {{taken}}, {{count}} Tag nach den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
  readDateAfter_other:
    'Aufgenommen am {{taken}}, {{count}} Tage nach den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
  readDateBefore_one:
    'Aufgenommen am {{taken}}, {{count}} Tag vor den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
  readDateBefore_other:
    'Aufgenommen am {{taken}}, {{count}} Tage vor den meisten Fotos dieser Route (um den {{around}}): Bitte die Uhr der Kamera prüfen.',
  codeNamesOtherMeter:
    'Der Code auf dem Foto ({{code}}) nennt den Zähler {{named}}, nicht {{matched}}: Ist es ein Foto eines anderen Zählers?',
};
