import type { DeletionStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Actions } from '../../components/Actions';
import { BusyLabel } from '../../components/BusyLabel';
import { CheckboxField, Form, FormError, SubmitButton } from '../../components/form';
import { Loading } from '../../components/Loading';
import { ErrorText } from '../../components/Notice';
import { useStepUpInPlace } from '../../components/StepUp';
import '../../components/self-service.css';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { href } from '../../lib/routes';
import { deletionQuery, useCancelDeletion, useRequestDeletion } from './api/your-data';

const REQUEST_TEXTS = {
  conflict: 'data.delete.already',
  fallback: 'data.delete.failed',
} as const satisfies ErrorTexts;
const KEEP_TEXTS = { fallback: 'data.pending.failed' } as const satisfies ErrorTexts;

/**
 * Ask for deletion (docs/flows.md): what it means as the account API says
 * it, the grace period, a confirmation, then the request; or, with one under
 * way, its date and "Keep my account".
 */
export default function DeleteAccountScreen() {
  const { t } = useTranslation();
  const status = useQuery(deletionQuery);
  // Here, not in `Scheduled`: once the account is kept, the form shows again under the notice.
  const keep = useCancelDeletion();
  return (
    <section aria-labelledby="delete-title">
      <h1 id="delete-title">{t('data.delete.title')}</h1>
      <div role="status">
        {keep.isSuccess && <p className="notice notice-success">{t('data.pending.kept')}</p>}
      </div>
      {status.isPending ? (
        <Loading />
      ) : status.data ? (
        status.data.scheduled ? (
          <Scheduled deleteAt={status.data.scheduled.delete_at} keep={keep} />
        ) : (
          <RequestForm status={status.data} />
        )
      ) : (
        <ErrorText>
          {errorText(t, errorOf(status.error, { fallback: 'data.delete.unread' }))}
        </ErrorText>
      )}
    </section>
  );
}

function RequestForm({ status }: { status: DeletionStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stepUp = useStepUpInPlace();
  const [confirmed, setConfirmed] = useState(false);
  const request = useRequestDeletion(stepUp.run, (deleteAt) =>
    navigate(href('deletion-requested'), { replace: true, state: { deleteAt } }),
  );
  const required = useCallback(
    (ticked: boolean) => (ticked ? null : t('data.delete.confirmRequired')),
    [t],
  );
  const submit = () => {
    clearFailure(request);
    request.mutate({});
  };
  return (
    <section className="panel" aria-labelledby="delete-means">
      <h2 id="delete-means">{t('data.delete.means')}</h2>
      <ul>
        {status.consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>{t('data.delete.signedOut')}</li>
      </ul>
      <p>{t('data.delete.grace', { count: status.grace_days })}</p>
      <p>
        <Link to={href('profile.data')}>{t('data.delete.downloadFirst')}</Link>
      </p>
      <Form onSubmit={submit} error={request.error} texts={REQUEST_TEXTS} busy={request.isPending}>
        <CheckboxField
          name="confirm"
          checked={confirmed}
          onChange={setConfirmed}
          validate={required}
        >
          {t('data.delete.confirm')}
        </CheckboxField>
        <FormError />
        <div className="actions">
          <SubmitButton>
            <BusyLabel busy={request.isPending}>{t('data.delete.submit')}</BusyLabel>
          </SubmitButton>
          <Link className="button button-secondary" to={href('profile')}>
            {t('account.common.cancel')}
          </Link>
        </div>
      </Form>
      {stepUp.dialog}
    </section>
  );
}

/** A deletion under way: its date, and the way to keep the account. */
function Scheduled({
  deleteAt,
  keep,
}: {
  deleteAt: string;
  keep: ReturnType<typeof useCancelDeletion>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const failure = keep.error ? errorOf(keep.error, KEEP_TEXTS) : null;
  return (
    <section className="panel" aria-labelledby="delete-scheduled">
      <h2 id="delete-scheduled">{t('data.pending.text', { date: format.date(deleteAt) })}</h2>
      <p>{t('data.delete.keepText')}</p>
      <Actions
        primary={{
          label: <BusyLabel busy={keep.isPending}>{t('data.pending.keep')}</BusyLabel>,
          onPress: () => keep.mutate({}),
        }}
        secondary={{ label: t('account.common.back'), to: href('profile') }}
        busy={keep.isPending}
        error={failure && errorText(t, failure)}
      />
    </section>
  );
}
