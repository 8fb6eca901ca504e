/** A numbered schema step. `up` runs inside the same transaction that bumps user_version. */
export interface Migration {
  version: number;
  name: string;
  up: string;
}
