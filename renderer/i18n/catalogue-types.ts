/**
 * The shape of a catalogue with every string widened: another language must have exactly the
 * English keys (a missing or extra key is a compile error), with any words.
 */
export type Words<T> = { readonly [K in keyof T]: T[K] extends string ? string : Words<T[K]> };
