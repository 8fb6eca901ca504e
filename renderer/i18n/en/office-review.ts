// Review between clerks in the window (issue 23): who is reviewing a meter, its history of
// decisions in the office, and why a decision was refused. Desk names and readings are data.
export const officeReview = {
  title: 'In the office',
  mine: 'You are reviewing this meter: {{minutes}} min left, renewed while it is open',
  other: 'Being reviewed by {{desk}}, {{minutes}} min left',
  otherHelp: 'Another clerk has this meter open. Your decision is checked against theirs.',
  away: 'Office not reachable: decisions made here wait in this desk’s outbox.',
  unknown: 'The office has no meter with this number.',
  decidedElsewhere: 'Decided at {{desk}}: {{what}} ({{time}})',
  askHandover: 'Ask to take over',
  asked: 'Asked {{desk}} to hand this meter over.',
  handoverAsked: '{{clerk}} ({{desk}}) asks to take this meter over.',
  handOver: 'Hand over',
  historyTitle: 'History in the office',
  historyEmpty: 'No decisions in the office yet.',
  kinds: {
    confirm: 'confirmed {{reading}}',
    confirmPlain: 'confirmed the reading',
    correct: 'corrected to {{reading}}',
    type: 'typed {{reading}}',
    skip: 'skipped the meter ({{code}})',
    skipPlain: 'skipped the meter',
    exchange: 'recorded a meter exchange',
    reread: 'sent it for a re-read',
    estimate: 'estimated the reading',
    undo: 'undid the decision',
    changed: 'changed the meter',
  },
  refused: '{{desk}} {{what}} at {{time}}; your change was not saved.',
  refusedLeased:
    '{{desk}} is reviewing this meter until {{time}}; your change was not saved. Ask them, or decide after that.',
} as const;
