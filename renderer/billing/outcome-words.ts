// Why a meter waits or is flagged, in the window's language: the code its outcome carries
// (common/billing/meter-outcome.ts, OutcomeNote), worded as the export's reasons are. The clerk's
// own skip note, the checks that could not run, the rules that fired and a meter without a photo
// have their own lines in the detail (meter-facts.tsx, meter-section.tsx), so they are not said
// again here.
import type { TFunction } from 'i18next';
import type { OutcomeNote } from '../../common/billing/outcome-notes';

type DecisionsT = TFunction<'decisions'>;

/** The outcome's reason as a sentence, or null when the detail says it elsewhere (or there is none). */
export function outcomeLine(said: OutcomeNote | null | undefined, t: DecisionsT): string | null {
  switch (said?.code) {
    case 'being_read':
    case 'waits_for_review':
      return t(`outcome.${said.code}`);
    case 'unread':
    case 'held':
    case 'different_photos':
      return t(`outcome.${said.code}`, { count: said.count });
    default:
      return null;
  }
}
