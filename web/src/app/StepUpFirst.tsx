import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/Loading';
import { ErrorText } from '../components/Notice';
import { useStartStepUp } from '../features/mfa/api/sign-in-steps';
import { errorOf, errorText } from '../lib/errors';

/** Starts the gateway's step-up for `target` once, and follows where it leads. */
export default function StepUpFirst({ target }: { target: string }) {
  const { t } = useTranslation();
  const start = useStartStepUp();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === target) return;
    asked.current = target;
    start.mutate(target);
  }, [start, target]);
  if (!start.isError) return <Loading />;
  return (
    <section className="card narrow" aria-labelledby="step-up-title">
      <h1 id="step-up-title">{t('mfa.methods.title')}</h1>
      <ErrorText>{errorText(t, errorOf(start.error))}</ErrorText>
    </section>
  );
}
