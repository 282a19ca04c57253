import { Email, toE164 } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/Choices';
import type { useStepUpInPlace } from '../../../components/StepUp';
import { maybeConfig } from '../../../lib/config';
import { type ErrorTexts, errorOf, errorText, type PortalError } from '../../../lib/errors';
import { tsr } from '../../../lib/tsr';
import type { Kind, Pending } from '../contacts';

export function AddContact({
  kind,
  run,
  onSent,
}: {
  kind: Kind;
  run: ReturnType<typeof useStepUpInPlace>['run'];
  onSent: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [mfa, setMfa] = useState(true);
  /** `invalid`: not an e-mail address or phone number (checked before sending). */
  const [problem, setProblem] = useState<PortalError | 'invalid' | null>(null);
  const country = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  // A refused value (400) and a duplicate (409) in this list's words; a 422 shows its message.
  const addTexts = {
    invalid: `account.contacts.${kind}.invalid`,
    'email-duplicated': 'account.contacts.email.duplicated',
    'phone-duplicated': 'account.contacts.phone.duplicated',
    fallback: 'account.contacts.sendFailed',
  } as const satisfies ErrorTexts;

  const add = useMutation({
    mutationFn: (body: { email: string; mfa: boolean } | { phone: string; mfa: boolean }) =>
      run(() => tsr.profile.addLogin.mutate({ body })),
    onSuccess: (res, body) => {
      if (!res) return;
      if (res.status === 200) {
        const sent = 'email' in body ? body.email : body.phone;
        setValue('');
        onSent({ kind, id: res.body.id, value: sent, payload: res.body.payload });
      } else setProblem(errorOf(res, addTexts));
    },
    onError: (thrown) => setProblem(errorOf(thrown, addTexts)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (kind === 'email') {
      const parsed = Email.safeParse(value);
      if (!parsed.success) return setProblem('invalid');
      add.mutate({ email: parsed.data, mfa });
    } else {
      const phone = toE164(value, country);
      if (!phone) return setProblem('invalid');
      add.mutate({ phone, mfa });
    }
  };

  const message =
    problem === null
      ? null
      : problem === 'invalid'
        ? t(`account.contacts.${kind}.invalid`)
        : errorText(t, problem);

  return (
    <form onSubmit={submit} noValidate aria-label={t(`account.contacts.${kind}.add`)}>
      <h3>{t(`account.contacts.${kind}.add`)}</h3>
      <div className="field">
        <label htmlFor={`${id}-value`}>{t(`account.contacts.${kind}.new`)}</label>
        {kind === 'phone' && (
          <span id={`${id}-hint`} className="hint">
            {t(country === 'LU' ? 'account.contacts.phone.hintLu' : 'account.contacts.phone.hint')}
          </span>
        )}
        <input
          id={`${id}-value`}
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          inputMode={kind === 'email' ? 'email' : 'tel'}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            [kind === 'phone' && `${id}-hint`, problem && `${id}-error`]
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
        {message && (
          <p id={`${id}-error`} className="error" role="alert">
            {message}
          </p>
        )}
      </div>
      <div className="field">
        <Checkbox checked={mfa} onChange={setMfa}>
          {t(`account.contacts.${kind}.useForMfa`)}
        </Checkbox>
      </div>
      <button type="submit" className="button" disabled={add.isPending}>
        {t('account.contacts.sendCode')}
      </button>
    </form>
  );
}
