/** A numbered step of the office schema (PostgreSQL). `up` runs in the runner's transaction. */
export interface OfficeMigration {
  version: number;
  name: string;
  up: string;
}

/**
 * The group role every desk's login role belongs to (docs/office.md): the grants go to it, never
 * to a desk by name, so adding a desk is one CREATE ROLE ... IN ROLE.
 */
export const DESK_ROLE = 'meterdesk_desk';
