import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CODE_TEXTS, CodeForm } from '../../components/CodeForm';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { useErrorText } from '../../lib/errors';
import { useActivateMethod, useResendActivation } from '../../lib/mfa-methods';
import { useContactFormat } from '../../lib/phone';
import { pendingSetup } from './setup-state';

/** MFA setup: the 8-digit code sent to the chosen e-mail or phone. */
export default function ConfirmationScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const describe = useErrorText();
  const navigate = useNavigate();
  const activate = useActivateMethod();
  const resend = useResendActivation();
  const [pending, setPending] = useState(() => pendingSetup.get());

  if (!pending || pending.method === 'totp') {
    return (
      <section className="card narrow" aria-labelledby="confirm-title">
        <h1 id="confirm-title">{t('account.setup.confirmTitle')}</h1>
        <p>{t('account.setup.nothingPending')}</p>
        <Link to={href('setup-mfa.selection')}>{t('account.setup.startAgain')}</Link>
      </section>
    );
  }

  return (
    <section className="card narrow" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{t('account.setup.confirmTitle')}</h1>
      <CodeForm
        label={t('account.setup.code')}
        intro={t('account.setup.codeSent', { target: show(pending.target ?? '') })}
        length={8}
        onConfirm={(code) =>
          activate.mutateAsync({ payload: pending.payload, code }).then(
            () => {
              pendingSetup.clear();
              navigate(href('setup-mfa.success'), { replace: true });
              return null;
            },
            (thrown) => describe(thrown, CODE_TEXTS),
          )
        }
        onResend={async () => {
          const res = await resend.mutateAsync(pending);
          if (res.status !== 200) return false;
          const next = { ...pending, payload: res.body.payload };
          pendingSetup.set(next);
          setPending(next);
          return true;
        }}
        onCancel={() => {
          pendingSetup.clear();
          navigate(href('setup-mfa.selection'));
        }}
      />
    </section>
  );
}
