import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { Alert } from '../../components/Notice';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { mergeQuery } from './api/fuzzion';
import { Claim } from './components/Claim';
import { Decision } from './components/Decision';
import { Proposal } from './components/Proposal';
import { claimStepOf } from './merge';

/**
 * `/duplicated` (docs/product.md parts 2 and 4; docs/flows.md, "Duplicate merge"): another
 * account with a similar username was found at sign-in. The merge is the
 * gateway's flow (its payload never reaches the browser): this page draws
 * what `GET /api/merge` answers. The user claims the other account — by its
 * card number or its platform's password (`?step=card|password`), or by a
 * code to its e-mail or phone (the sign-in's `/mfa/methods` and `/mfa`, which
 * come back here) — says it is not them, or ignores it for now; once proven,
 * they merge or keep the accounts apart. Every step is a form the gateway
 * takes without script.
 */
export default function DuplicatedScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const titleId = useId();
  const read = useQuery(mergeQuery);
  if (read.isPending) return <Loading />;
  const merge = read.data;
  if (!merge) {
    // Over, expired, or gone at the account API: docs/product.md part 8's technical error.
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <h1 id={titleId}>{t('flows.fuzzion.failed.title')}</h1>
        <Alert tone="error">{t('flows.fuzzion.errors.technical')}</Alert>
        <Link className="button" to={href('user.dashboard')}>
          {t('flows.fuzzion.failed.continue')}
        </Link>
      </section>
    );
  }
  const step = claimStepOf(params.get('step'));
  if (merge.data.stage === 'confirmed') return <Decision merge={merge} titleId={titleId} />;
  if (step === 'card' || step === 'password') {
    return <Claim merge={merge} titleId={titleId} method={step} />;
  }
  return <Proposal merge={merge} titleId={titleId} proving={step === 'prove'} />;
}
