/** Passkeys (docs/threat-model.md, 3. Passkey): login, Security → Passkeys, step-up. */
export const passkeys = {
  signIn: {
    button: 'Use a passkey',
    busy: 'Waiting for your passkey…',
    or: 'or',
  },
  security: {
    text: 'Log in with your fingerprint, face or screen lock instead of a password.',
    manage: 'Manage passkeys',
  },
  title: 'Passkeys',
  intro:
    'A passkey signs you in with your fingerprint, face or screen lock instead of a password. It stays on your device and works only on this site, so nobody can trick you into giving it away.',
  add: 'Add a passkey',
  adding: 'Follow the steps your browser shows…',
  list: 'Your passkeys',
  empty: {
    title: 'No passkey yet',
    text: 'Add one to log in faster and more safely on this device.',
  },
  addedOn: 'Added on {{date}}',
  lastUsed: 'Last used {{date}}',
  neverUsed: 'Not used yet',
  synced: 'Synced',
  rename: 'Rename',
  renameTitle: 'Rename passkey',
  nameLabel: 'Name',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: 'Delete this passkey?',
  deleteText:
    'You will no longer be able to log in with “{{name}}”. Also remove it from your device or password manager.',
  confirmDelete: 'Delete passkey',
  notices: {
    added: 'Passkey “{{name}}” added.',
    renamed: 'Passkey renamed to “{{name}}”.',
    deleted: 'Passkey “{{name}}” deleted.',
  },
  defaultName: '{{browser}} on {{os}}',
  thisDevice: 'This device',
  offer: {
    title: 'Log in faster next time with a passkey',
    text: 'Use your fingerprint, face or screen lock on this device instead of typing your password.',
    create: 'Create a passkey',
    notNow: 'Not now',
    ready: 'Your passkey is ready',
    readyText:
      '“{{name}}” logs you in on this device from now on: choose “Use a passkey” when you log in.',
  },
  stepUp: {
    intro: 'Confirm with your passkey: your fingerprint, face or screen lock.',
    use: 'Use your passkey',
    orCode: 'Get a code instead',
  },
  errors: {
    cancelled: 'The passkey request was cancelled or timed out. Please try again.',
    unknown:
      'This passkey is not registered for an account here. Log in with your password, then add it under Security.',
    rejected: 'This passkey could not be verified. Please try again.',
    expired: 'The passkey request expired. Please try again.',
    exists: 'This device already holds a passkey for your account.',
    sudoRequired: 'Confirm it is you first.',
    unsupported: 'This browser cannot use passkeys.',
    failed: 'Something went wrong with the passkey. Please try again later.',
    name: 'Give the passkey a name.',
  },
};
