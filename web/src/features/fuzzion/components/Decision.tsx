import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { href } from '../../../lib/routes';
import type { StepProps } from '../merge';

/** Ownership proven: merge (the current password serves every username) or keep apart. */
export function Decision({ payload, fuzzion, titleId, onFailure, target }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { username } = fuzzion.data;

  const decide = async (merge: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const res = merge
        ? await api.fuzzion.accept({ body: { payload } })
        : await api.fuzzion.decline({ body: { payload } });
      if (res.status !== 200 && res.status !== 204) return setError(onFailure(res));
      // The success screen ends the flow (payload, cached answers) once it shows: done
      // here, this screen would render again without its payload and leave for the dashboard.
      navigate(
        href('fuzzion-success', {
          outcome: merge ? undefined : 'declined',
          redirect: target ?? undefined,
        }),
        { replace: true },
      );
    } catch {
      setError(t('flows.fuzzion.errors.technical'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.confirmed.title')}</h1>
      <p className="notice notice-success">{t('flows.fuzzion.confirmed.text', { username })}</p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <ul className="choice-list">
        <li>
          <button type="button" className="button" disabled={busy} onClick={() => decide(true)}>
            {t('flows.fuzzion.confirmed.merge')}
          </button>
          <p className="muted">{t('flows.fuzzion.confirmed.mergeText')}</p>
        </li>
        <li>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => decide(false)}
          >
            {t('flows.fuzzion.confirmed.decline')}
          </button>
          <p className="muted">{t('flows.fuzzion.confirmed.declineText', { username })}</p>
        </li>
      </ul>
    </section>
  );
}
