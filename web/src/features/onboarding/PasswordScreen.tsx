import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form';
import { NewPasswordFields } from '../../components/PasswordRules';
import '../../components/self-service.css';
import { useContactFormat } from '../../lib/phone';
import { usePassword } from './api/onboarding';
import { FormRefusal, StepActions, useStepPage, withView } from './components/StepPage';
import { Steps } from './components/Steps';
import './onboarding.css';

/**
 * `/onboarding/password`, the last step: what two-step verification will do
 * with the address and number just confirmed (the explanation folded in
 * here: the account API creates the account with both as its methods, so
 * there is nothing to choose), then the password (rules shown live). Saving
 * it creates the account with the details and terms given, activates the
 * card and signs the person in; the confirmation says how it went.
 */
export default function PasswordScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const titleId = useId();
  const save = usePassword();
  const [password, setPassword] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const page = useStepPage(save.error, edited);

  return withView(page.view, titleId, (view) => {
    const onSubmit = () => {
      if (password) save.mutate(password);
    };
    const passwordRefusal = page.at('password');
    const email = view.email?.to ?? null;
    const phone = view.phone?.to ?? null;
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <Steps current="password" source={view.source} />
        <h1 id={titleId}>{t('flows.onboarding.password.title')}</h1>
        <FormRefusal refusal={page.refusal} />
        <h2 className="onboarding-subtitle">{t('flows.onboarding.twoStep.title')}</h2>
        <p>{t('flows.onboarding.twoStep.intro')}</p>
        <ul className="rows" aria-label={t('flows.onboarding.twoStep.methods')}>
          <li>
            <div className="row-main">
              <strong>{t('flows.onboarding.twoStep.email')}</strong>
              <span className="badge badge-brand">{t('flows.onboarding.twoStep.main')}</span>
              {email && <p className="muted">{email}</p>}
            </div>
          </li>
          <li>
            <div className="row-main">
              <strong>{t('flows.onboarding.twoStep.sms')}</strong>
              <span className="badge">{t('flows.onboarding.twoStep.backup')}</span>
              {phone && <p className="muted">{show(phone)}</p>}
            </div>
          </li>
        </ul>
        <p className="muted">{t('flows.onboarding.twoStep.later')}</p>
        <Form
          method="post"
          onSubmit={onSubmit}
          busy={save.isPending}
          refusal={passwordRefusal ? { field: 'password', message: passwordRefusal } : null}
        >
          <p>{t('flows.onboarding.password.intro')}</p>
          {/*
           * The new account's identifier, for password managers to save with the password
           * (a field of the same form, hidden: the person typed it two steps ago). Absent when
           * the card's address was kept: it is known here only masked.
           */}
          {view.email?.login && (
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={view.email.login}
              readOnly
              hidden
            />
          )}
          <NewPasswordFields
            onChange={(value) => {
              setPassword(value);
              setEdited(true);
              save.reset();
            }}
          />
          <StepActions>
            <SubmitButton>{t('flows.onboarding.password.submit')}</SubmitButton>
          </StepActions>
        </Form>
      </section>
    );
  });
}
