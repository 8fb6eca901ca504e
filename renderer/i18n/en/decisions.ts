// A meter's decisions in the detail: the decision that stands and its undo, the forms for a
// meter exchange, a re-read and an estimate, a typed reading's date, and the rules' problems.
export const decisions = {
  title: 'Decision for this meter',
  none: 'No decision yet: the reading comes from the photo.',
  current: {
    typed: 'Typed by hand: {{reading}}, read on {{date}}',
    typedUndated: 'Typed by hand: {{reading}}',
    skip: 'Not read: {{code}}',
    exchange:
      "Meter exchanged: old meter's final reading {{oldFinal}}, new meter's start {{newStart}}",
    reread: 'Sent for re-read: {{reason}}',
    estimate: 'Estimated: {{reading}} for {{date}}',
  },
  madeAt: 'decided {{when}}',
  /** A decision taken from the office: made by a clerk at another desk. */
  atDesk: 'decided at {{desk}}',
  undo: 'Undo',
  undoLabel: 'Undo this decision: the one before it stands again',
  open: {
    exchange: 'Meter exchanged…',
    reread: 'Send for re-read…',
    estimate: 'Estimate…',
  },
  cancel: 'Cancel',
  exchange: {
    title: 'Meter exchanged',
    oldFinal: "Old meter's final reading",
    newStart: "New meter's start reading",
    reading: "New meter's reading now",
    readingHint: 'Leave empty to use the reading of the photo.',
    save: 'Save exchange',
    consumption: 'Consumption over both meters: {{amount}}',
  },
  reread: {
    title: 'Send for re-read',
    reason: 'Reason',
    reasons: {
      implausible: 'The reading does not fit',
      unreadable: 'The photo cannot be read',
      wrong_meter: 'The photo shows another meter',
      other: 'Other (say in the note)',
    },
    note: 'Note for the reader',
    save: 'Put on the field list',
    hint: 'The meter goes on the field list with the photo and the previous reading. The new photo is booked to this meter and period.',
  },
  estimate: {
    title: 'Estimate',
    date: 'Estimate for',
    hint: 'Average daily use {{avg}} × the days since {{date}}.',
    noBasis:
      "The route sheet lacks this meter's previous reading, its date or its average daily use.",
    save: 'Save estimate',
  },
  readAt: 'Read on',
  readType: {
    estimated: 'Estimated',
    customer: 'Read by the customer',
  },
  notes: {
    exchanged:
      "Meter exchanged: old meter's final reading {{oldFinal}}, new meter's start {{newStart}}.",
    estimated: 'Estimated: {{avg}} a day × {{days}} days.',
    estimates_in_a_row: 'Estimate {{count}} in a row: have the meter read.',
    reread_waiting: 'On the field list for a re-read: {{reason}}.',
    reread_back: 'Re-read: {{reason}}.',
  },
  problems: {
    note_needed: 'Say in the note why.',
    no_reading: "Type the new meter's reading: this meter has no reading from a photo.",
    old_final_below_previous:
      "The old meter's final reading {{oldFinal}} is below its previous reading {{previous}}.",
    reading_below_new_start: "The reading {{reading}} is below the new meter's start {{newStart}}.",
    no_previous: 'No previous reading and date on the route sheet: nothing to estimate from.',
    no_average: 'No average daily use on the route sheet: nothing to estimate from.',
    date_before_previous:
      'The date {{readAt}} is before the previous reading ({{previousReadAt}}).',
    reread_pending: 'This meter is already on the field list for a re-read.',
    nothing_to_undo: 'Nothing to undo for this meter.',
  },
  /** Why a meter waits or is flagged (common/billing/meter-outcome.ts, OutcomeNote). */
  outcome: {
    being_read: 'A photo of this meter is being read.',
    unread_one: 'No reading: its photo could not be read. Type the reading or record a skip.',
    unread_other:
      'No reading: its {{count, number}} photos could not be read. Type the reading or record a skip.',
    held_one:
      'No reading: its photo is held by the photo checks (blurred, dark, too small). Send it anyway, type the reading or record a skip.',
    held_other:
      'No reading: its {{count, number}} photos are held by the photo checks (blurred, dark, too small). Send them anyway, type the reading or record a skip.',
    different_photos:
      '{{count, number}} different photos of this meter with different readings: confirm the right one.',
    waits_for_review: 'The reading waits for review.',
  },
  heldTag: 'Photo held',
} as const;
