// English headlines of failed calls by error code (renderer/lib/errors.ts) and the advice shown
// when checking a service address and key fails.
export const errors = {
  headline: {
    invalid_request: 'MeterDesk could not do that',
    forbidden: 'This window may not do that',
    not_found: 'That item is no longer there',
    not_configured: 'No service is set up yet',
    key_rejected: 'The service refused the API key',
    permission_denied: 'The key is not allowed to do this',
    unreachable: 'The service could not be reached',
    not_https: 'The address must start with https://',
    invalid_url: 'That is not a web address',
    bad_response: 'The service answered in an unexpected way',
    keychain_unavailable: 'The system keychain is not available',
    file_error: 'A file could not be read or written',
    unavailable: 'MeterDesk is busy or restarting',
    timeout: 'MeterDesk did not answer in time',
    internal: 'Something went wrong inside MeterDesk',
  },
  withDetail: '{{head}}: {{detail}}',
  advice: {
    key_rejected:
      'The service does not accept this API key. Check it for typos or ask for a new one.',
    permission_denied:
      "The key works but is not allowed here (missing permission, inactive account or this computer's IP address is not on the list). {{detail}}",
    not_https:
      'For safety the address must start with https:// (plain http only for this computer).',
    invalid_url: 'That does not look like a web address, e.g. https://meters.example.com',
  },
} as const;
