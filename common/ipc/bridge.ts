// Types derived from the contracts: what each side implements, what each side calls. Type-only
// imports, so the preload bundle that uses these types carries no zod.
import type { z } from 'zod';
import type { NoteSpec } from './backend-contract';
import type { ChannelName } from './channels';
import type { ChannelSpec, Contract } from './contract';
import type { AppEvent } from './app-event';
import type { Result } from './result';
import type { AddSummary } from './views';

/** A table of calls (CONTRACT, BACKEND_CALLS, MAIN_CALLS). */
export type CallTable = { readonly [name: string]: ChannelSpec };
/** A table of notes (BACKEND_NOTES, MAIN_NOTES). */
export type NoteTable = { readonly [name: string]: NoteSpec };

/** What a caller may send (before validation). */
export type CallRequest<T extends CallTable, K extends keyof T> = z.input<T[K]['request']>;
/** What the answering side receives: the validated, stripped request. */
export type ParsedCallRequest<T extends CallTable, K extends keyof T> = z.output<T[K]['request']>;
export type CallReply<T extends CallTable, K extends keyof T> =
  T[K] extends ChannelSpec<z.ZodType, infer R> ? R : never;

/**
 * The answering side: one async function per call. It may throw; an AppError keeps its code and
 * wording, anything else becomes `internal` before it crosses (main/ipc/answer.ts).
 */
export type HandlersFor<T extends CallTable> = {
  readonly [K in keyof T]: (request: ParsedCallRequest<T, K>) => Promise<CallReply<T, K>>;
};

/** The asking side: one function per call that always answers a result union, never throws. */
export type CallersFor<T extends CallTable> = {
  readonly [K in keyof T]: (request: CallRequest<T, K>) => Promise<Result<CallReply<T, K>>>;
};

/** The receiving side of notes: one function per note, with its checked payload. */
export type NoteHandlersFor<T extends NoteTable> = {
  readonly [K in keyof T]: (payload: z.output<T[K]['payload']>) => void;
};

/** What the window may send on a channel (before validation). */
export type RequestOf<C extends ChannelName> = CallRequest<Contract, C>;
/** What a handler receives: the validated, stripped payload. */
export type ParsedRequestOf<C extends ChannelName> = ParsedCallRequest<Contract, C>;
export type ReplyOf<C extends ChannelName> = CallReply<Contract, C>;

/** An implementation of every window channel that may throw (tests of the dispatcher). */
export type Handlers = HandlersFor<Contract>;
/** Main's side of every window channel, after the sender and the request were checked. */
export type WindowCalls = CallersFor<Contract>;

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
