import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorText } from '../../components/form/ErrorText';
import { useHydrated } from '../../lib/hydration';
import { leave } from '../../lib/sign-in-flow';
import {
  authenticateWithPasskey,
  browserHasWebAuthn,
  cancelPasskeyRequest,
  type PasskeyFailure,
  supportsPasskeyAutofill,
} from '../../lib/webauthn';
import { type PasskeyOutcome, usePasskeySignIn } from './api/sign-in';

const noSubscription = () => () => {};

/**
 * "Use a passkey" under the sign-in form, and on the e-mail page the
 * passkeys in the e-mail field's autofill (conditional mediation; the field
 * says `autocomplete="username webauthn"`). A passkey is two factors: the
 * sign-in ends here, with no code to type (docs/threat-model.md, 3. Passkey).
 */
export default function PasskeySignIn({ autofill }: { autofill: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  const target = params.get('target');
  const live = useRef(true);
  // The server draws the button (nearly every browser has passkeys), and hydration keeps it.
  const supported = useSyncExternalStore(noSubscription, browserHasWebAuthn, () => true);
  // A drawn button does nothing until the script has taken the page over: it
  // says so by being disabled until then, rather than by ignoring a press.
  const hydrated = useHydrated();

  // Signed in: the page the gateway decided comes next (docs/product.md part 4, after sign-in),
  // drawn by the gateway for the new session; a locked account: the reset journey it named.
  const done = async (outcome: PasskeyOutcome) => {
    if (!outcome.ok) return outcome.reason;
    if ('next' in outcome.value) leave.to(outcome.value.next);
    return null;
  };

  const latestDone = useRef(done);
  latestDone.current = done;
  const signIn = usePasskeySignIn(done, target);

  // Autofill: a request that waits until the person picks a passkey in the field's suggestions.
  useEffect(() => {
    live.current = true;
    if (!autofill || !browserHasWebAuthn()) return;
    void (async () => {
      if (!(await supportsPasskeyAutofill())) return;
      // A request serves 5 minutes: an expired one is replaced, once per expiry.
      for (let round = 0; round < 5 && live.current; round++) {
        const outcome = await authenticateWithPasskey('login', { autofill: true, target });
        if (!live.current) return;
        const reason = await latestDone.current(outcome);
        if (reason === 'expired') continue;
        if (reason && reason !== 'cancelled') setFailure(reason);
        return;
      }
    })();
    return () => {
      live.current = false;
      void cancelPasskeyRequest();
    };
  }, [autofill, target]);

  if (!supported) return null;

  return (
    <div className="passkey-sign-in">
      <p className="divider">{t('passkeys.signIn.or')}</p>
      <button
        type="button"
        className="button button-secondary button-block"
        onClick={() => {
          setFailure(null);
          signIn.mutate(undefined, { onSuccess: setFailure });
        }}
        disabled={signIn.isPending || !hydrated}
      >
        {signIn.isPending ? t('passkeys.signIn.busy') : t('passkeys.signIn.button')}
      </button>
      <ErrorText>{failure && t(`passkeys.errors.${failure}`)}</ErrorText>
    </div>
  );
}
