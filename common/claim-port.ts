// The port the engine's upload step needs in office mode: ask, for one upload unit's photos at
// once, whether this desk may send them. The engine declares what it needs here, in common/
// (the office sits below the engine in main/'s layers and may not import it), and the office
// implements it (main/office/claim-gate.ts): the engine never imports the office (ESLint
// refuses it).

/** A photo the engine is about to upload. */
export interface PhotoToClaim {
  sha256: string;
  fileName: string;
}

/** What the engine does with a photo it is about to upload (main/engine/upload-claim.ts). */
export type UploadVerdict =
  /**
   * Upload it. `claimed` false: the office was unreachable and nobody was asked, so another desk
   * may pay for the same photo; the desk says so in its output.
   */
  | { kind: 'send'; claimed: boolean }
  /** Not now, asked again at `askAgainAt` (ms): `desk` is sending it, or the office was late. */
  | { kind: 'wait'; desk: string; askAgainAt: number }
  /** Read in the office already: this desk takes that reading, unsent. */
  | {
      kind: 'read';
      desk: string;
      reading: string;
      resultSource: string | null;
      taskId: string | null;
      /** The photo's read date in the office (its first sighting's), ISO; null: none known. */
      readAt: string | null;
    };

/**
 * Asked before an upload unit goes, only in office mode: one verdict per photo, in order, from one
 * question to the office (issue 30: one question per photo queued on the desk's few connections).
 */
export type ClaimPhotos = (photos: readonly PhotoToClaim[]) => Promise<UploadVerdict[]>;
