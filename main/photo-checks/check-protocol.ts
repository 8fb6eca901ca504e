// What the engine's side and the check worker say to each other over the worker's port.
import type { PhotoMeasures } from '../../common/photo-checks';

export interface CheckRequest {
  readonly id: number;
  readonly path: string;
}

export type CheckReply =
  | { readonly id: number; readonly ok: true; readonly measures: PhotoMeasures }
  | { readonly id: number; readonly ok: false; readonly message: string };
