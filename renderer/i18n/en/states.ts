// English words of job states, failure reasons, result sources and reading checks
// (renderer/lib/states.ts, renderer/lib/reading.ts): the table, the detail panel, the legend and
// the add report all read from here.
import { isByteParam, JOB_MESSAGES, type JobMessageCode } from '../../../common/job-messages';
import { fillTemplate } from '../../../common/fill-template';

/**
 * Worded here in their own shape: a count to pluralise, a size in the window's units, a reason
 * that says it retries; `quoted` is never worded (the words as given).
 */
const OWN_WORDS = new Set<JobMessageCode>([
  'retryLater',
  'gaveUp',
  'gaveUpSaid',
  'tooLarge',
  'quoted',
]);

type Templated = Exclude<
  JobMessageCode,
  'retryLater' | 'gaveUp' | 'gaveUpSaid' | 'tooLarge' | 'quoted'
>;

/**
 * The templates' parameters as the catalogue's placeholders: "{code}" -> "{{code}}", a byte count
 * grouped in the window's language: "{size}" -> "{{size, number}}".
 */
const FROM_TEMPLATES = Object.fromEntries(
  Object.entries(JOB_MESSAGES)
    .filter(([code]) => !OWN_WORDS.has(code as JobMessageCode))
    .map(([code, text]) => [
      code,
      fillTemplate(text, (name) => (isByteParam(name) ? `{{${name}, number}}` : `{{${name}}}`)),
    ]),
) as { readonly [C in Templated]: string };

export const states = {
  state: {
    queued: { label: 'Queued', help: 'Waiting to be sent.' },
    uploading: { label: 'Sending', help: 'Being sent to the service.' },
    submitted: { label: 'Reading', help: 'The service is reading the meter.' },
    done: { label: 'Done', help: 'The reading is in.' },
    failed: { label: 'Failed', help: 'No reading could be obtained.' },
    rejected: { label: 'Not sent', help: 'Not a photo the service accepts; it was never sent.' },
    waiting: { label: 'Waiting', help: 'Waiting at the service.' },
    held: {
      label: 'Held',
      help: 'Not sent: the quality check before upload holds it back, so it costs no quota. Send it anyway if it can be read.',
    },
  },
  checks: {
    title: 'Photo checks before upload',
    intro:
      'A photo outside these limits is held, not sent, so it costs no quota. The bars show your own recent photos; the line is the limit.',
    minShortSide: 'Short side at least (px)',
    maxDarkShare: 'Dark pixels at most (%)',
    maxBrightShare: 'Blown-out pixels at most (%)',
    minSharpness: 'Sharpness at least',
    spread: '{{name}}: your recent photos, with the limit marked',
    wouldHold:
      'With these limits {{held, number}} of your last {{count, number}} checked photos would be held',
    noPhotos: 'No photos checked yet: the bars fill as photos are added.',
    save: 'Apply limits',
    defaults: 'Defaults',
    reason: {
      too_small: 'too small',
      too_dark: 'too dark',
      blown_out: 'overexposed',
      blurred: 'blurred',
    },
  },
  heldNote: '{{count, number}} held, not sent: {{reasons}} · quota saved: {{saved, number}}',
  sendAnyway: 'Send anyway',
  sendAnywayHelp: 'Sends this photo although the quality check holds it back; it costs a reading.',
  waitingBecause: 'Waiting at the service: {{reason}}',
  waitingForAi: 'Waiting for the AI service to be back online.',
  /** Office mode: a photo another desk of the office sends, or has read (job.officeDesk). */
  officeDesk: {
    waiting: 'Waiting for {{desk}}’s reading',
    waitingHelp:
      'Waiting for {{desk}}’s reading: that desk of the office is sending this photo, so it is not sent or paid for here.',
    read: 'Read by {{desk}} — not paid again here',
    readHelp:
      'Read by {{desk}}: the office had that desk’s reading of the same photo, so it was taken from there, not sent or paid for again here.',
  },
  failure: {
    empty_file: 'Empty file',
    too_large: 'Larger than 20 MB',
    unsupported_format: 'Not JPEG, PNG or WEBP',
    unreadable: 'Damaged or unreadable',
    vanished: 'File gone from disk',
    server_rejected_size: 'Refused by the service: too large',
    server_rejected_type: 'The service could not use it as an image',
    ai_failed: 'The AI could not read it',
    task_lost: 'Lost at the service',
    changed_on_disk: 'File changed on disk',
    service_error: 'Service error',
  },
  source: {
    fresh: 'Fresh reading',
    cached_exact: 'Read before (same photo)',
    cached_stale: 'Historical (older AI)',
    pending: 'Pending',
    failed: 'Failed',
  },
  sourceShort: {
    fresh: 'Fresh',
    cached_exact: 'Read before',
    cached_stale: 'Historical',
    pending: 'Pending',
    failed: 'Failed',
  },
  /**
   * MeterDesk's own sentences in a job's history and error: in English the templates main writes
   * them from (common/job-messages.ts); a retry says its reason alone, which says it retries.
   */
  /** "JPEG, PNG or WEBP": the word before the last of the formats the service accepts. */
  acceptedOr: 'or',
  job: {
    ...FROM_TEMPLATES,
    retryLater: '{{reason}}',
    gaveUp_one: 'Gave up after {{count}} attempt: {{reason}}',
    gaveUp_other: 'Gave up after {{count}} attempts: {{reason}}',
    tooLarge: 'The {{format}} is {{size}}; the service accepts at most {{limit}} per image',
    /** A size in bytes, where rounding to MB would hide that it is over the limit. */
    bytes: '{{count, number}} bytes',
  },

  reading: {
    empty: 'Type the reading shown on the meter.',
    grouping:
      'Type the reading without thousands separators: digits with at most one decimal mark.',
    notDigits: 'Type digits with at most one decimal mark (. or ,), e.g. 00123,45.',
    tooManyDigits: 'At most {{max}} digits before the decimal mark for this meter.',
    tooManyDecimals: 'At most {{max}} decimals for this meter.',
    noDecimals: 'This meter has no decimals.',
  },
} as const;
