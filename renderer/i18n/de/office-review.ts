// Deutsche Wörter der Prüfung zwischen Sachbearbeitern; dieselben Schlüssel wie en/office-review.ts.
import type { Words } from '../catalogue-types';
import type { officeReview as en } from '../en/office-review';

export const officeReview: Words<typeof en> = {
  title: 'Im Büro',
  mine: 'Sie prüfen diesen Zähler: noch {{minutes}} min, verlängert, solange er offen ist',
  other: 'Wird von {{desk}} geprüft, noch {{minutes}} min',
  otherHelp:
    'Ein anderer Sachbearbeiter hat diesen Zähler offen. Ihre Entscheidung wird gegen seine geprüft.',
  away: 'Büro nicht erreichbar: Entscheidungen hier warten im Postausgang dieses Platzes.',
  unknown: 'Das Büro kennt keinen Zähler mit dieser Nummer.',
  decidedElsewhere: 'Entschieden an {{desk}}: {{what}} ({{time}})',
  askHandover: 'Übernahme anfragen',
  asked: '{{desk}} wurde gebeten, diesen Zähler abzugeben.',
  handoverAsked: '{{clerk}} ({{desk}}) möchte diesen Zähler übernehmen.',
  handOver: 'Abgeben',
  readElsewhere: 'Abgelesen an {{desk}}: {{reading}}, Foto vom {{date}} (das Foto liegt dort)',
  readElsewhereUndated: 'Abgelesen an {{desk}}: {{reading}} (das Foto liegt dort)',
  historyTitle: 'Verlauf im Büro',
  historyEmpty: 'Noch keine Entscheidungen im Büro.',
  kinds: {
    confirm: 'bestätigte {{reading}}',
    confirmPlain: 'bestätigte den Stand',
    correct: 'korrigierte auf {{reading}}',
    type: 'tippte {{reading}} ein',
    skip: 'übersprang den Zähler ({{code}})',
    skipPlain: 'übersprang den Zähler',
    exchange: 'erfasste einen Zählerwechsel',
    reread: 'schickte ihn zur Nachablesung',
    estimate: 'schätzte den Stand',
    undo: 'nahm die Entscheidung zurück',
    changed: 'änderte den Zähler',
  },
  refused: '{{desk}} {{what}} um {{time}}; Ihre Änderung wurde nicht gespeichert.',
  refusedLeased:
    '{{desk}} prüft diesen Zähler bis {{time}}; Ihre Änderung wurde nicht gespeichert. Sprechen Sie sich ab oder entscheiden Sie danach.',
};
