// English words of the first run and of the service connection form it shares with Settings
// (renderer/screens/onboarding/onboarding.tsx, components/connection-form.tsx).
export const onboarding = {
  welcome: 'Welcome to MeterDesk',
  lead: 'MeterDesk turns folders of water-meter photos into readings ready for billing. First, connect it to your meter-reading service.',
  checkAndContinue: 'Check and continue',
  or: 'or',
  justLooking: 'Just looking?',
  sandboxOffer:
    'The built-in sandbox simulates the service on this computer, with a folder of sample photos to drop in. Nothing leaves this computer. Its quota is simulated too: it counts down like a real one, but nothing is paid.',
  starting: 'Starting…',
  trySandbox: 'Try the built-in sandbox',
  form: {
    address: 'Service address',
    addressEmpty: 'Enter the address of the reading service.',
    addressInvalid: 'That does not look like a web address, e.g. https://meters.example.com',
    addressNotHttps: 'The address must start with https:// (plain http only for this computer).',
    addressApiPath: 'The address includes the API path (/api/open…); MeterDesk adds that itself.',
    useFixed: 'Use {{url}}',
    key: 'API key',
    keyEmpty: 'Enter the API key.',
    keepKey: 'Leave empty to keep the saved key',
    pasteKey: 'Paste the key you were given',
    hide: 'Hide',
    show: 'Show',
    keyHint: 'The key is kept in the system keychain, never in files or exports.',
    connected: 'Connected. Quota: {{quota}}; AI {{ai}}.',
    unlimited: 'unlimited',
    leftToday: '{{n, number}} left today',
    online: 'online',
    offline: 'offline',
    checking: 'Checking…',
  },
} as const;
