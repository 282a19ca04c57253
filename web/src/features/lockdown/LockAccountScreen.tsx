import type { ErrorBody } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { ErrorText } from '../../components/Notice';
import { api } from '../../lib/api';
import { LOCK_PAGE, type LockdownRead, lockdownQuery } from '../../lib/lockdown';
import { href } from '../../lib/routes';
import { keepCopy } from '../../lib/session';
import { leave, useDrawnForm } from '../../lib/sign-in-flow';
import { LockdownEffects } from './Effects';

/** A refusal's words by its code; anything else is a lock that failed. */
const REFUSALS = {
  invalid_link: 'lockdown.link.invalid',
  link_used: 'lockdown.link.used',
  link_expired: 'lockdown.link.expired',
  flow_gone: 'lockdown.link.gone',
} as const;

/**
 * The page the lock link of a "this wasn't me" e-mail opens, signed in or
 * not (docs/flows.md, "Lock my account"): whose account, what a lock does,
 * one button. Its form works without script (the gateway takes it); with
 * script the same step goes as JSON and the browser leaves for `next`.
 */
export default function LockAccountScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const read = useQuery(lockdownQuery);
  const drawn = useDrawnForm(LOCK_PAGE);
  const lock = useMutation({
    mutationFn: () => api.lockdown.lockAccountByLink({ body: {} }),
    onSuccess: (res) => {
      if (res.status === 200) {
        // Any session of this browser on that account has ended: nothing of it is kept.
        keepCopy(null);
        leave.to(res.body.next);
        return;
      }
      const refused: LockdownRead = { refusal: res.body as ErrorBody };
      queryClient.setQueryData(lockdownQuery.queryKey, refused);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!lock.isPending) lock.mutate();
  };

  const answer = read.data;
  const refusal = drawn?.refusal ?? (answer && 'refusal' in answer ? answer.refusal : null);
  if (refusal) return <Refused code={refusal.code} />;
  if (!answer || !('view' in answer)) return <Loading />;
  const owner = answer.view;
  const failed = lock.isError || (lock.data && lock.data.status !== 200);
  return (
    <section className="card narrow" aria-labelledby="lock-account-title">
      <h1 id="lock-account-title">{t('lockdown.link.title')}</h1>
      <p>{t('lockdown.link.intro')}</p>
      <p>
        <strong>{t('lockdown.link.whose', { name: owner.firstname, login: owner.login })}</strong>
      </p>
      <h2>{t('lockdown.link.whatHappens')}</h2>
      <LockdownEffects />
      {failed && <ErrorText>{t('lockdown.failed')}</ErrorText>}
      <form method="post" action={LOCK_PAGE} onSubmit={submit}>
        <button
          type="submit"
          className="button button-danger"
          aria-disabled={lock.isPending || undefined}
        >
          {t('lockdown.link.button')}
        </button>
      </form>
      <p className="links">
        <Link to={href('login.email')}>{t('lockdown.link.cancel')}</Link>
      </p>
    </section>
  );
}

function Refused({ code }: { code: string }) {
  const { t } = useTranslation();
  const text = code in REFUSALS ? REFUSALS[code as keyof typeof REFUSALS] : 'lockdown.failed';
  const used = code === 'link_used';
  return (
    <section className="card narrow" aria-labelledby="lock-account-title">
      <h1 id="lock-account-title">{t('lockdown.link.refusedTitle')}</h1>
      <ErrorText>{t(text)}</ErrorText>
      <Link className="button" to={href(used ? 'forgot-password.email' : 'login.email')}>
        {used ? t('lockdown.link.newPassword') : t('lockdown.link.toLogin')}
      </Link>
    </section>
  );
}
