import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutcomeNotice } from '../../components/OutcomeNotice';
import { useStepUpInPlace } from '../../components/StepUp';
import { ensureNamespaces } from '../../i18n/i18n';
import { usePasskeyDefaultName } from '../../lib/passkey-name';
import { supportsConditionalCreate } from '../../lib/passkey-signals';
import { href } from '../../lib/routes';
import { focusStep } from '../../lib/step-focus';
import { browserHasWebAuthn, type PasskeyFailure } from '../../lib/webauthn';
import {
  passkeyOfferQuery,
  useCreateOfferedPasskey,
  useDeclinePasskeyOffer,
} from './api/passkey-offer';
import './passkey-offer.css';

/** How this browser is offered a passkey: silently (conditional create) or by the card. */
type Way = 'deciding' | 'conditional' | 'card' | 'none';

/**
 * Passkeys first (docs/flows.md, "Passkeys"): after a password sign-in, for
 * an account with no passkey on this device. Where the browser reports
 * conditional create, it is asked to make one with `mediation: 'conditional'`
 * (no dialog of ours: the browser shows its own notice, or nothing when it
 * declines). Elsewhere one calm, dismissible card: Create (the browser's
 * prompt, after the step-up when the recent check has lapsed) or Not now,
 * which the account API remembers for this device.
 */
export function PasskeyOffer() {
  const { t } = useTranslation();
  const offer = useQuery(passkeyOfferQuery);
  const offered = offer.data === true;
  const [way, setWay] = useState<Way>('deciding');
  const [texts, setTexts] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  const stepUp = useStepUpInPlace();
  const create = useCreateOfferedPasskey(stepUp.run);
  const decline = useDeclinePasskeyOffer();
  const defaultName = usePasskeyDefaultName();
  const tried = useRef(false);

  useEffect(() => {
    if (!offered) return;
    let live = true;
    void (async () => {
      const conditional = browserHasWebAuthn() && (await supportsConditionalCreate());
      await ensureNamespaces(['passkeys']);
      if (!live) return;
      setTexts(true);
      setWay(!browserHasWebAuthn() ? 'none' : conditional ? 'conditional' : 'card');
    })();
    return () => {
      live = false;
    };
  }, [offered]);

  // Conditional create: once per visit; the browser decides, and says nothing when it declines.
  const { mutate } = create;
  useEffect(() => {
    if (way !== 'conditional' || tried.current) return;
    tried.current = true;
    mutate({ name: defaultName(), conditional: true });
  }, [way, mutate, defaultName]);

  if (added) {
    return (
      <section className="card passkey-offer" aria-labelledby="passkey-offer-title">
        <KeyRound className="passkey-offer-icon" aria-hidden="true" />
        <div className="passkey-offer-body" role="status">
          <h2 id="passkey-offer-title">{t('passkeys.offer.ready')}</h2>
          <p>{t('passkeys.offer.readyText', { name: added })}</p>
          <Link to={href('security.passkeys')}>{t('passkeys.security.manage')}</Link>
        </div>
      </section>
    );
  }
  if (!offered || way !== 'card' || !texts) return null;

  const createOne = () => {
    setFailure(null);
    create.mutate(
      { name: defaultName(), conditional: false },
      {
        onSuccess: (outcome) => {
          if (!outcome.ok) return setFailure(outcome.reason);
          setAdded(outcome.value.name);
          // The buttons go: the focus moves to what replaced them.
          focusStep(() => document.getElementById('passkey-offer-title'));
        },
      },
    );
  };
  const notNow = () => {
    setFailure(null);
    decline.mutate(undefined, {
      // The card goes: the focus moves to the page's heading rather than to nothing.
      onSuccess: () => focusStep(() => document.querySelector<HTMLElement>('h1')),
      onError: () => setFailure('failed'),
    });
  };

  return (
    <section className="card passkey-offer" aria-labelledby="passkey-offer-title">
      <KeyRound className="passkey-offer-icon" aria-hidden="true" />
      <div className="passkey-offer-body">
        <h2 id="passkey-offer-title">{t('passkeys.offer.title')}</h2>
        <p>{t('passkeys.offer.text')}</p>
        <OutcomeNotice
          outcome={failure ? { tone: 'error', text: t(`passkeys.errors.${failure}`) } : null}
        >
          {create.isPending && <p>{t('passkeys.adding')}</p>}
        </OutcomeNotice>
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={createOne}
            disabled={create.isPending || decline.isPending}
          >
            {t('passkeys.offer.create')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={notNow}
            disabled={create.isPending || decline.isPending}
          >
            {t('passkeys.offer.notNow')}
          </button>
        </div>
      </div>
      {stepUp.dialog}
    </section>
  );
}
