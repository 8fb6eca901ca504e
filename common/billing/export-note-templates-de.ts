// What the German billing export says beside the rules' reasons: a decision's notes, why a meter
// waits, the checks that could not run, copies of a photo and a photo without a meter. The same
// codes as the English of decision-english.ts, meter-outcome.ts and plausibility-english.ts, the
// wording as the window's German catalogue says them (renderer/i18n/de/decisions.ts, billing.ts).
import type { DecisionNote, OutcomeNote } from './outcome-notes';
import type { RereadReason } from './meter-decision';
import type { CheckInput, RuleName } from './plausibility-types';

type Said = Exclude<OutcomeNote['code'], 'skip_note' | 'check' | 'unchecked'>;

export const EXPORT_NOTES_DE: {
  readonly decision: Readonly<Record<DecisionNote['code'] | 'exchange_serial', string>>;
  readonly rereadReason: Readonly<Record<RereadReason, string>>;
  readonly outcome: Readonly<Record<Exclude<Said, 'unread' | 'held'>, string>> & {
    readonly unread_one: string;
    readonly unread_other: string;
    readonly held_one: string;
    readonly held_other: string;
  };
  readonly spread: { readonly folders: string; readonly days: string; readonly and: string };
  readonly unchecked: {
    readonly line: string;
    readonly inputs: Readonly<Record<CheckInput, string>>;
    readonly checks: Readonly<Record<RuleName, string>>;
  };
  readonly copies_one: string;
  readonly copies_other: string;
  readonly unmatched: string;
} = {
  decision: {
    exchanged:
      'Zähler gewechselt: Endstand alter Zähler {{oldFinal}}, Anfangsstand neuer Zähler {{newStart}}.',
    exchange_booked:
      'Zähler gewechselt am {{exchangedAt}}: alter Zähler {{oldMeter}} ausgebaut mit {{oldFinal}}, neuer Zähler {{newMeter}}{{serial}} eingebaut mit {{newStart}}.',
    exchange_serial: ' (Seriennummer {{serial}})',
    estimated: 'Geschätzt: {{avgDailyUse}} je Tag × {{days}} Tage.',
    estimates_in_a_row: '{{count}}. Schätzung in Folge: Zähler ablesen lassen.',
    reread_waiting: 'Zur Nachablesung auf der Ableseliste ({{reason}}).',
    reread_back: 'Nachgelesen ({{reason}}).',
  },
  rereadReason: {
    implausible: 'der Zählerstand passt nicht',
    unreadable: 'das Foto ist nicht lesbar',
    wrong_meter: 'das Foto zeigt einen anderen Zähler',
    other: 'siehe Bemerkung',
  },
  outcome: {
    being_read: 'Ein Foto dieses Zählers wird gerade gelesen.',
    unread_one:
      'Kein Zählerstand: Sein Foto konnte nicht gelesen werden. Stand eintippen oder Nichtablesung erfassen.',
    unread_other:
      'Kein Zählerstand: Seine {{count}} Fotos konnten nicht gelesen werden. Stand eintippen oder Nichtablesung erfassen.',
    no_photo: 'Kein Foto dieses Zählers.',
    different_photos:
      '{{count}} verschiedene Fotos dieses Zählers{{where}}: Bitte das richtige bestätigen.',
    waits_for_review: 'Der Zählerstand wartet auf Prüfung.',
    held_one:
      'Kein Zählerstand: Sein Foto wird von der Fotoprüfung zurückgehalten (unscharf, dunkel, zu klein). Trotzdem senden, Stand eintippen oder Nichtablesung erfassen.',
    held_other:
      'Kein Zählerstand: Seine {{count}} Fotos werden von der Fotoprüfung zurückgehalten (unscharf, dunkel, zu klein). Trotzdem senden, Stand eintippen oder Nichtablesung erfassen.',
  },
  spread: { folders: 'aus den Ordnern {{folders}}', days: 'aufgenommen am {{days}}', and: ' und ' },
  unchecked: {
    line: 'Nicht geprüft ({{why}}): Die Prüfungen {{checks}} konnten nicht laufen; eine Person muss den Stand bestätigen.',
    inputs: {
      previous_reading: 'kein vorheriger Stand',
      previous_date: 'kein vorheriges Ablesedatum',
      avg_daily_use: 'kein Tagesdurchschnitt',
      register: 'keine Angabe der Zählwerksstellen',
    },
    checks: {
      format: 'Format',
      dates: 'Datum',
      negative: 'negativer Verbrauch',
      rollover: 'Zählerüberlauf',
      high_low: 'Hoch/Niedrig',
      zero: 'Nullverbrauch',
      daily_jump: 'Tagessprung',
      misread: 'Ablesefehler-Muster',
    },
  },
  copies_one: '{{count}} identische Kopie des Fotos.',
  copies_other: '{{count}} identische Kopien des Fotos.',
  unmatched: 'Foto ohne Zähler: Kein Zähler der Ableseliste passt.',
};
