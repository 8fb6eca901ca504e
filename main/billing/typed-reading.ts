// A reading a person typed, held to the register of its meter as the route sheet sets it up
// (common/billing/reading-input.ts); without a meter, to the default register.
import { parseReadingInput, type ReadingInput } from '../../common/billing/reading-input';
import type { Store } from '../store/store';

/** The typed reading for this meter (null: a photo matched to none), with a dot, or why not. */
export function readingForMeter(store: Store, meterId: string | null, text: string): ReadingInput {
  const meter = meterId === null ? undefined : store.meters.get(meterId);
  return parseReadingInput(text, meter);
}
