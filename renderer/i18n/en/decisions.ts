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
    exchangeBooked: 'Meter exchanged on {{date}}: {{oldMeter}} → {{newMeter}}',
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
    newMeter: 'New meter number',
    newSerial: 'Serial number (optional)',
    exchangedAt: 'Exchanged on',
    oldFinal: "Old meter's removal reading",
    newStart: "New meter's installation reading",
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
  /** The meter's facts once an exchange is booked (renderer/billing/meter-exchange-facts.tsx). */
  facts: {
    oldMeter: 'Old meter',
    removed: '{{meter}} removed at {{reading}} on {{date}}',
    newMeter: 'New meter',
    installed: '{{meter}} installed at {{reading}}',
    installedSerial: '{{meter}} (serial {{serial}}) installed at {{reading}}',
  },
  readAt: 'Read on',
  readType: {
    estimated: 'Estimated',
    customer: 'Read by the customer',
  },
  notes: {
    exchanged:
      "Meter exchanged: old meter's final reading {{oldFinal}}, new meter's start {{newStart}}.",
    exchange_booked: 'Meter exchanged on {{date}}.',
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
    new_meter_needed: "Type the new meter's number.",
    new_meter_unusable:
      'The new meter number "{{newMeter}}" cannot be used: at most {{max}} characters, no line breaks or tabs, no spaces at either end.',
    new_meter_same:
      "{{newMeter}} is the old meter's number: type the number of the meter installed.",
    new_meter_taken:
      'The new meter number {{newMeter}} is already another meter on the route sheets.',
    new_meter_taken_route:
      'The new meter number {{newMeter}} is already another meter on the route sheets (route {{route}}).',
    exchange_day_needed: 'Give the day the meter was exchanged.',
    exchange_in_future: 'The exchange day {{exchangedAt}} is after today ({{today}}).',
    exchange_before_previous:
      'The exchange day {{exchangedAt}} is before the previous reading ({{previousReadAt}}).',
    exchange_after_reading:
      "The exchange day {{exchangedAt}} is after this period's reading ({{readAt}}): that reading is the old meter's.",
    exchange_reading_digits:
      'The {{which}} {{reading}} does not fit the register: at most {{digits}} digits and {{decimals}} decimals.',
    exchangeReading: {
      oldFinal: "old meter's removal reading",
      newStart: "new meter's installation reading",
      reading: "new meter's reading",
    },
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
