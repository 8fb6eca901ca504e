// Scope names (spec 5.6 leaves them open; these are the sandbox's choice). One read and one write
// scope per resource, so a key can be made read-only or submit-only.

export const ALL_SCOPES = [
  'quota:read',
  'ai:read',
  'tasks:read',
  'tasks:write',
  'batches:read',
  'batches:write',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}
