// Types derived from the contract: what main implements, what the window calls. Type-only imports,
// so the preload bundle that uses these types carries no zod.
import type { z } from 'zod';
import type { ChannelName } from './channels';
import type { ChannelSpec, Contract } from './contract';
import type { AppEvent } from './app-event';
import type { Result } from './result';
import type { AddSummary } from './views';

/** What the window may send on a channel (before validation). */
export type RequestOf<C extends ChannelName> = z.input<Contract[C]['request']>;
/** What a handler receives: the validated, stripped payload. */
export type ParsedRequestOf<C extends ChannelName> = z.output<Contract[C]['request']>;
export type ReplyOf<C extends ChannelName> =
  Contract[C] extends ChannelSpec<z.ZodType, infer R> ? R : never;

/** Main's side: one async function per channel. Thrown errors become result unions in dispatch. */
export type Handlers = {
  readonly [C in ChannelName]: (request: ParsedRequestOf<C>) => Promise<ReplyOf<C>>;
};

/** A call from the window; channels without required fields may be called without arguments. */
export type BridgeCall<C extends ChannelName> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field is optional"
  {} extends RequestOf<C>
    ? (request?: RequestOf<C>) => Promise<Result<ReplyOf<C>>>
    : (request: RequestOf<C>) => Promise<Result<ReplyOf<C>>>;

/** A dropped item (a DOM File); its path is resolved in the preload, never in the page. */
export interface DroppedFile {
  readonly name: string;
}

/** `window.meterDesk`: the whole surface the renderer gets. */
export type MeterDeskBridge = { readonly [C in ChannelName]: BridgeCall<C> } & {
  /** Adds dropped files and folders (DataTransfer files). */
  addDroppedFiles(files: readonly DroppedFile[]): Promise<Result<AddSummary>>;
  /** Subscribes to coalesced pushes; returns the unsubscribe function. */
  onEvent(listener: (event: AppEvent) => void): () => void;
};
