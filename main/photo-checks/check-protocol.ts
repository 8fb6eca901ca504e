// What the engine's side and the check worker say to each other over the worker's port.
import type { PhotoMeasures } from '../../common/photo-checks';
import type { PhotoCode } from '../../common/photo-codes';

/** measure: the quality check; codes: the barcodes, QR codes and DataMatrix on the photo. */
export type CheckTask = 'measure' | 'codes';

export interface CheckRequest {
  readonly id: number;
  readonly path: string;
  readonly task: CheckTask;
}

export type CheckReply =
  | { readonly id: number; readonly ok: true; readonly measures: PhotoMeasures }
  | { readonly id: number; readonly ok: true; readonly codes: PhotoCode[] }
  | {
      readonly id: number;
      readonly ok: false;
      readonly message: string;
      /** The checker itself could not load (sharp, the reader): no photo can be checked. */
      readonly unavailable?: boolean;
    };
