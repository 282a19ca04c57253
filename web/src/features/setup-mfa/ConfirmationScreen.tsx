import type { SetupStarted } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeEntry } from '../../components/form';
import { Loading } from '../../components/Loading';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { useActivateMethod, useResendActivation } from '../../lib/mfa-methods';
import { useContactFormat } from '../../lib/phone';
import { pendingSetupQuery } from './api/setup';

/** MFA setup: the 8-digit code sent to the chosen e-mail or phone. */
export default function ConfirmationScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const navigate = useNavigate();
  const activate = useActivateMethod();
  const resend = useResendActivation();
  const queryClient = useQueryClient();
  // The method waiting for its code is the set-up's flow on the gateway.
  const waiting = useQuery(pendingSetupQuery);
  const pending = waiting.data;

  if (waiting.isPending) return <Loading />;
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
      <CodeEntry
        label={t('account.setup.code')}
        intro={t('account.setup.codeSent', { target: show(pending.target ?? '') })}
        length={8}
        mutation={activate}
        onSubmit={(code) =>
          activate.mutate(
            { payload: pending.payload, code },
            {
              onSuccess: () => {
                queryClient.removeQueries({ queryKey: pendingSetupQuery.queryKey });
                navigate(href('setup-mfa.success'), { replace: true });
              },
            },
          )
        }
        onResend={async () => {
          const res = await resend.mutateAsync(pending);
          if (res.status !== 200) return false;
          // The gateway keeps the new payload in the set-up's flow; the page sends it with the code.
          const renewed: SetupStarted = { ...pending, payload: res.body.payload };
          queryClient.setQueryData(pendingSetupQuery.queryKey, renewed);
          return true;
        }}
        onCancel={() => {
          queryClient.removeQueries({ queryKey: pendingSetupQuery.queryKey });
          navigate(href('setup-mfa.selection'));
        }}
      />
    </section>
  );
}
