import type { OfficeMigration } from './migration';

/**
 * The desks' group role (docs/office.md) as it was named when this migration shipped: its own copy,
 * not an import of the live DESK_ROLE (office-setup.ts), so renaming that cannot edit a step
 * offices already ran.
 */
const DESK_ROLE = 'meterdesk_desk';

/**
 * The office's record: route sheets and meters, the office-wide photo index by SHA-256 (with the
 * claim a desk holds before it uploads), each photo's reading as a desk publishes it, every
 * decision with who and when, and review leases. Every row a person or desk edits carries a
 * version for optimistic edits (`... WHERE id = $1 AND version = $2`). Times come from the desk's
 * clock (the injected one), so leases are testable without waiting.
 * Readings stay text: leading zeros are part of a reading.
 */
export const officeMigration001: OfficeMigration = {
  version: 1,
  name: 'office record',
  up: `
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${DESK_ROLE}') THEN
    CREATE ROLE ${DESK_ROLE} NOLOGIN;
  END IF;
END $$;

CREATE TABLE routes (
  id bigserial PRIMARY KEY,
  route_key text NOT NULL UNIQUE,
  sheet_sha256 text,
  version integer NOT NULL DEFAULT 1,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE meters (
  id bigserial PRIMARY KEY,
  route_id bigint NOT NULL REFERENCES routes (id),
  meter_number text NOT NULL,
  sequence integer,
  whole_digits integer,
  decimals integer,
  previous_reading text,
  previous_read_at date,
  review_state text NOT NULL DEFAULT 'open' CHECK (review_state IN ('open', 'flagged', 'decided')),
  version integer NOT NULL DEFAULT 1,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (route_id, meter_number)
);
CREATE INDEX meters_flagged ON meters (route_id, sequence) WHERE review_state = 'flagged';

-- The office-wide photo index: one row per photo content, whoever found it. A desk claims a photo
-- here before it uploads it; the claim is a lease, so a crashed desk's photos come free again.
CREATE TABLE photos (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  state text NOT NULL CHECK (state IN ('claimed', 'read', 'released')),
  desk text NOT NULL,
  file_name text NOT NULL,
  claimed_at timestamptz NOT NULL,
  lease_until timestamptz,
  task_id text,
  version integer NOT NULL DEFAULT 1
);

CREATE TABLE readings (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  sha256 text NOT NULL REFERENCES photos (sha256),
  meter_id bigint REFERENCES meters (id),
  desk text NOT NULL,
  file_name text NOT NULL,
  status text NOT NULL,
  reading text,
  result_source text,
  to_review boolean NOT NULL DEFAULT false,
  task_id text,
  ai_version text,
  read_at timestamptz,
  published_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX readings_by_photo ON readings (sha256);

CREATE TABLE decisions (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN
    ('confirm', 'correct', 'type', 'skip', 'exchange', 'reread', 'estimate', 'undo')),
  sha256 text REFERENCES photos (sha256),
  meter_id bigint REFERENCES meters (id),
  meter_number text,
  reading text,
  skip_code text,
  note text,
  desk text NOT NULL,
  clerk text NOT NULL,
  decided_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  CHECK (sha256 IS NOT NULL OR meter_id IS NOT NULL OR meter_number IS NOT NULL)
);
CREATE INDEX decisions_by_meter ON decisions (meter_id, decided_at);

-- Review split between clerks: a lease on a meter, taken with SKIP LOCKED, never a transaction
-- held open while a person looks at the photo.
CREATE TABLE review_leases (
  meter_id bigint PRIMARY KEY REFERENCES meters (id),
  desk text NOT NULL,
  clerk text NOT NULL,
  taken_at timestamptz NOT NULL,
  lease_until timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1
);

GRANT SELECT ON office_schema TO ${DESK_ROLE};
GRANT SELECT, INSERT, UPDATE ON routes, meters, photos, readings TO ${DESK_ROLE};
GRANT SELECT, INSERT ON decisions TO ${DESK_ROLE};
GRANT SELECT, INSERT, UPDATE, DELETE ON review_leases TO ${DESK_ROLE};
GRANT USAGE ON SEQUENCE routes_id_seq, meters_id_seq, readings_id_seq, decisions_id_seq
  TO ${DESK_ROLE};
`,
};
