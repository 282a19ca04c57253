import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../components/self-service.css';
import '../../components/flows.css';
import { StartForm } from './components/StartForm';
import { Steps } from './components/Steps';
import './onboarding.css';

/** The contract's InvitationCode: letters, digits and dashes. */
export const isInvitationCode = (value: string) => /^[A-Z0-9-]{4,32}$/.test(value);

/** `/onboarding/code`: the invitation code an employer sent. */
export default function CodeScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="card" source="code" />
      <h1 id={titleId}>{t('flows.onboarding.code.title')}</h1>
      <StartForm
        source="code"
        label={t('flows.onboarding.code.label')}
        hint={t('flows.onboarding.code.hint')}
        invalid={t('flows.onboarding.code.invalid')}
        inputMode="text"
        normalise={(typed) => typed.trim().toUpperCase()}
        isValid={isInvitationCode}
        toBody={(value) => ({ invitation_code: value })}
      />
    </section>
  );
}
