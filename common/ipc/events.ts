// For importers outside common/ that name this file (test/e2e). Inside common/, ESLint's Node
// built-in pattern "events" forbids importing a module of this name, so the type lives in
// app-event.ts and the index exports it from there.
export type { AppEvent } from './app-event';
