// The office's plausibility profile into a running desk (issue 33 in office mode): at start, when
// the office comes back and whenever a desk chooses a profile (a live note), the desk reads the
// office's profile and hands it to the action layer, which takes it into the queue and checks
// every reading again by it. So a reading is judged alike at every desk and in the office export.
// An office without a profile leaves the desk's own; a read that failed is tried again shortly.
import type { PlausibilityProfile } from '../../common/billing/plausibility-profiles';
import type { Clock } from '../time/clock';
import { OfficeSync } from './office-sync';
import type { OfficeStore } from './store/office-store';

/** Takes the office's profile into the queue (QueueActions.takeOfficeProfile); true: changed. */
export type TakeOfficeProfile = (profile: PlausibilityProfile) => boolean | Promise<boolean>;

/** A note comes once per choice; the settle only joins a quick change of mind. */
const PROFILE_SYNC_SETTLE_MS = 50;

export interface ProfileSyncOptions {
  office: Pick<OfficeStore, 'plausibilityProfile'>;
  clock: Clock;
  take: TakeOfficeProfile;
  /** One line for the person at the desk when the profile changed here. */
  say: (line: string) => void;
  log?: (line: string) => void;
}

export class ProfileSync extends OfficeSync<PlausibilityProfile | null> {
  constructor(private readonly opts: ProfileSyncOptions) {
    super({ idle: null, clock: opts.clock, settleMs: PROFILE_SYNC_SETTLE_MS, log: opts.log });
  }

  /** The office's profile taken now; null when it has none, or none was read. */
  protected async turn(): Promise<PlausibilityProfile | null> {
    try {
      const office = await this.opts.office.plausibilityProfile();
      if (office === null || this.stopped) return null;
      if (await this.opts.take(office.profile))
        this.opts.say(
          `Office: plausibility limits "${office.profile}" as ${office.desk} chose them for the office.`,
        );
      return office.profile;
    } catch (error) {
      throw this.failure('plausibility limits not read now', error);
    }
  }
}
