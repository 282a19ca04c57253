/** Trusted devices and security alerts (docs/threat-model.md, 1. Password). */
export const devices = {
  title: 'Trusted devices',
  intro:
    'Logging in on these devices skips the verification code, because “Trust this device” was ticked there. Stop trusting any device you no longer use or do not recognise.',
  empty:
    'No device skips the verification code. Tick “Trust this device” when you enter a code to add one.',
  loadFailed: 'Your trusted devices could not be loaded. Try again later.',
  summary_one: '{{count}} device skips the verification code.',
  summary_other: '{{count}} devices skip the verification code.',
  summaryNone: 'No device skips the verification code.',
  manage: 'See trusted devices',
  unknownDevice: 'Unknown device',
  thisDevice: 'This device',
  browser: 'Browser and system',
  place: 'Place',
  sinceOn: 'Trusted since {{date}}',
  lastUsedOn: 'last used {{date}}',
  since: 'Trusted since',
  lastUsed: 'Last used',
  unknown: 'Unknown',
  unknownPlace: 'Unknown location',
  network: {
    local: 'This computer',
    private: 'A private network',
  },
  stop: 'Stop trusting',
  stopDevice: 'Stop trusting {{device}}',
  stopTitle: 'Stop trusting this device?',
  stopText:
    'The next login on {{device}} will ask for a verification code again. A session open there stays logged in.',
  stopAll: 'Stop trusting all devices',
  stopAllTitle: 'Stop trusting all devices?',
  stopAllText_one: 'The next login on this device will ask for a verification code again.',
  stopAllText_other:
    'The next login on each of these {{count}} devices will ask for a verification code again.',
  stopped: '{{device}} is no longer trusted.',
  stoppedAll: 'No device is trusted any more.',
  failed: 'Something went wrong: nothing was changed. Try again later.',
  cancel: 'Cancel',
  alerts: {
    title: 'Security alerts',
    newDevice: 'E-mail me when someone logs in from a new device',
    newDeviceHint:
      'The e-mail names the device, the place and the time, with a link to secure your account if it wasn’t you.',
    saved: 'Your choice has been saved.',
    failed: 'Your choice could not be saved. Try again later.',
  },
} as const;
