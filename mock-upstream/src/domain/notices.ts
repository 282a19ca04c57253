import type { Session } from '@portal/contract';
import type { Account, Store } from '../store';
import { PASSWORD_CHANGED } from './messages';

/**
 * The e-mail an account gets when its password changes (docs/threat-model.md,
 * "A session's life"): what changed, the devices it signed out, and what to
 * do if it was not the owner. Always sent (it cannot be switched off, as
 * Google's is not), to the default verified e-mail, in the account's language.
 */

export function sendPasswordChangedNotice(store: Store, account: Account, signedOut: Session[]) {
  const to = account.email.find((e) => e.default && e.verified)?.value;
  if (!to) return;
  const text = PASSWORD_CHANGED[account.language];
  const devices = signedOut
    .map((s) => `- ${[s.device_name, s.browser].filter(Boolean).join(', ') || text.unknownDevice}`)
    .join('\n');
  const link = `${store.portalUrl}/security/history`;
  store.outbox.push({
    to,
    channel: 'email',
    code: '',
    subject: text.subject,
    link,
    text: `${text.body(account.firstname)}\n\n${
      signedOut.length > 0 ? text.signedOut(devices) : text.noneSignedOut
    }\n\n${text.notMe}\n${link}`,
    at: store.clock.now(),
  });
}
