// English words of Settings' Office card (docs/office.md): where the office's PostgreSQL is, who
// this desk is, and what the Test button found. German mirrors every key (de/office.ts).
export const office = {
  title: 'Office',
  intro:
    'Several desks on one billing cycle share the office’s PostgreSQL database. Without it this desk works alone, as before.',
  use: 'Publish to an office database',
  host: 'Server',
  hostHint: 'A name or address, or paste a postgres:// address without the password.',
  port: 'Port',
  database: 'Database',
  user: 'User name',
  password: 'Password',
  passwordSaved: 'Saved where the API key is kept. Type a new one to replace it.',
  passwordHint: 'Kept like the API key, in the keychain where there is one; never shown again.',
  desk: 'Desk name',
  deskHint: 'Names who did it in the office’s record.',
  sslmode: 'Encryption',
  ssl: {
    disable: 'Off (only inside a network you trust)',
    require: 'Encrypted',
    'verify-full': 'Encrypted, server certificate checked',
  },
  caFile: 'Certificate authority (optional)',
  caFileHint:
    'The office’s own CA as a PEM file, when its server certificate is not one this PC trusts. Empty: the certificates the system trusts.',
  caFileBrowse: 'Browse…',
  caFileAbsolute:
    'Give the file’s full path, for example /etc/ssl/office-ca.pem or C:\\certs\\office-ca.pem.',
  test: 'Test connection',
  testing: 'Connecting…',
  save: 'Apply office settings',
  saving: 'Applying…',
  saved: 'Applied.',
  savedOff: 'Applied. This desk works without an office.',
  needed: 'Fill in server, port, database, user name and desk name.',
  address: {
    notPostgres: 'That is not a postgres:// address.',
    hasPassword: 'Leave the password out of the address; type it in the password field.',
  },
  ok: 'Connected: PostgreSQL {{server}}, office schema {{schema}}. Ready.',
  problem: {
    wrongPassword:
      'The server refused the password for “{{user}}”. Check the password (and the user name).',
    noPassword: 'The server asks for a password; type it in the password field.',
    noSuchDatabase: 'There is no database “{{database}}” on the server. Check its name with IT.',
    unreachable:
      'The server {{host}} does not answer on port {{port}}. Check the address, the port, and that this PC may reach it.',
    tlsRequired:
      'The server accepts only encrypted connections. Choose “Encrypted” under Encryption.',
    tlsUnavailable:
      'The server does not offer encrypted connections. Ask IT to turn TLS on, or choose “Off” inside a network you trust.',
    certificateUntrusted:
      'The server’s certificate is not trusted by this PC (unknown issuer, or a different name). Ask IT for the office’s certificate authority file, or choose “Encrypted” without the check.',
    caFileUnreadable:
      'The certificate authority file cannot be read. Check that it is there and that this user may read it.',
    schemaMissing:
      'The database is empty: the office’s tables are not set up yet. IT runs “meter-desk office init” once.',
    schemaOlder:
      'The office database has schema {{found}}; this MeterDesk needs {{known}}. IT runs “meter-desk office init” to update it.',
    schemaNewer:
      'The office database was set up by a newer MeterDesk (schema {{found}}, this one knows {{known}}). Update MeterDesk on this PC.',
    permissionDenied:
      'The user “{{user}}” may not read the office’s tables. Ask IT to add it to the desks’ group.',
    other: 'The office database refused the connection:',
  },
  /** The header's office card while the engine runs (OfficeStatus). */
  status: {
    title: 'Office',
    label: 'Office database',
    state: {
      starting: 'Connecting…',
      connected: 'Connected',
      away: 'Not reachable',
      refused: 'Refused',
    },
    /** The card's tooltip: who publishes where. */
    where: '{{desk}}, publishing to {{database}} on {{host}}',
    published: 'All published',
    publishing: '{{count, number}} to publish',
    awayLine: 'Outbox: {{count, number}} waiting',
    /** Photos sent without a claim while the office was not reachable (OfficeStatus.unclaimed). */
    unclaimed: '{{count, number}} sent without a claim',
    unclaimedHelp:
      'Sent while the office was not reachable: another desk may have paid for the same photos too.',
    awayHelp:
      'This desk works on; its readings and decisions wait in its outbox until the office is back.',
    startingLine: 'Reaching {{host}}…',
    problem: {
      wrongPassword: 'Wrong password',
      noPassword: 'No password saved',
      noSuchDatabase: 'No such database',
      unreachable: 'Server not reachable',
      tlsRequired: 'Encryption required',
      tlsUnavailable: 'Encryption not offered',
      certificateUntrusted: 'Certificate not trusted',
      caFileUnreadable: 'Certificate authority file not readable',
      schemaMissing: 'Office tables not set up',
      schemaOlder: 'Office schema older than this MeterDesk',
      schemaNewer: 'Office schema newer: update MeterDesk',
      permissionDenied: 'Not allowed to read the office tables',
      other: 'Connection refused',
    },
    refusedHelp:
      'Check Settings → Office and its Test connection. This desk works alone meanwhile.',
  },
} as const;
