/** A numbered step of the office schema (PostgreSQL). `up` runs in the runner's transaction. */
export interface OfficeMigration {
  version: number;
  name: string;
  up: string;
}
