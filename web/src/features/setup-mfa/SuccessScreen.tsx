import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { OutcomeNotice, switchFailed } from '../../components/OutcomeNotice';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import {
  useMethodName,
  useMfaMethods,
  useSwitchPrimary,
  visibleMethods,
} from '../../lib/mfa-methods';
import { useCheckedTarget } from '../../lib/target';
import { ContinueLink } from './components/ContinueLink';

/** MFA setup done (`/setup-mfa/success`, and `/setup-totp/success` for the authenticator app). */
export default function SuccessScreen({ totp = false }: { totp?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Set when the setup interrupted a sign-in (TOTP reset from the recovery screen):
  // Continue leads only to what the gateway checked it into.
  const { pending, target } = useCheckedTarget(params.get('redirect'));
  return (
    <section className="card narrow" aria-labelledby="success-title">
      <h1 id="success-title">
        {totp ? t('account.setup.totpSuccessTitle') : t('account.setup.successTitle')}
      </h1>
      {totp ? (
        <AppAsked />
      ) : (
        <p className="notice notice-success">{t('account.setup.successText')}</p>
      )}
      {/* The ways on, once the gateway answered where Continue leads. */}
      {pending ? (
        <Loading />
      ) : (
        <div className="actions">
          {target && <ContinueLink checked={target} />}
          <Link className={target ? 'button button-secondary' : 'button'} to={href('security')}>
            {t('account.setup.toSecurity')}
          </Link>
          <Link className="button button-secondary" to={href('user.dashboard')}>
            {t('account.setup.toDashboard')}
          </Link>
        </div>
      )}
    </section>
  );
}

/**
 * What the new app is, in true words: asked first at login when it is the
 * default method (the account's first method, or the one it replaced was);
 * otherwise one more way in, the default method named, with the offer to
 * make the app the default (docs/glossary.md: "default method").
 */
function AppAsked() {
  const { t } = useTranslation();
  const name = useMethodName();
  const stepUp = useStepUpInPlace();
  const makeDefault = useSwitchPrimary(stepUp.run);
  const [switched, setSwitched] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const methods = useMfaMethods();
  // The button went with the switch: the cursor goes to what it changed, never to the page.
  useEffect(() => {
    if (switched) said.current?.focus();
  }, [switched]);
  if (methods.isPending) return <Loading />;
  const list = methods.data?.status === 200 ? visibleMethods(methods.data.body) : [];
  const app = list.find((m) => m.method === 'totp');
  const first = list.find((m) => m.primary);
  if (!app || !first || first.id === app.id) {
    return (
      <div role="status">
        <p className="notice notice-success" ref={said} tabIndex={-1}>
          {switched ? t('account.setup.appIsDefault') : t('account.setup.totpSuccessText')}
        </p>
      </div>
    );
  }
  return (
    <>
      <OutcomeNotice outcome={makeDefault.isError ? switchFailed(t) : null} />
      <p className="notice notice-success">
        {t('account.setup.totpAddedText', { method: name(first) })}
      </p>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={makeDefault.isPending}
          onClick={() =>
            makeDefault.mutate(app, {
              onSuccess: (res) => {
                if (res) setSwitched(true);
              },
            })
          }
        >
          {t('account.setup.useAppByDefault')}
        </button>
      </div>
      {stepUp.dialog}
    </>
  );
}
