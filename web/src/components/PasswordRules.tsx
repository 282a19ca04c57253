import { type PasswordFailure, passwordFailures } from '@portal/contract/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../lib/config';
import { drawnValue, useDrawnAtHydration } from '../lib/hydration';
import { PasswordInput } from './PasswordInput';

type RuleKey = 'length' | 'letters' | 'numbers' | 'special';

const FAILURE_KEY: Record<PasswordFailure, RuleKey | 'required'> = {
  'Password is required': 'required',
  'Not enough characters': 'length',
  'No letter': 'letters',
  'No number': 'numbers',
  'No special characters': 'special',
};

/** The variant's password rules (`/api/config`), checked as the contract checks them. */
export function usePasswordCheck() {
  const rules = getConfig().passwordRules;
  return {
    rules,
    failures: (password: string) => passwordFailures(password, rules).map((f) => FAILURE_KEY[f]),
  };
}

/**
 * The password rules, ticked off live as the user types (docs/product.md part 2, weak
 * password and reset). Minimums come from the variant's config.
 */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const { rules, failures } = usePasswordCheck();
  const failed = new Set(failures(password));
  const items: [RuleKey, number][] = [
    ['length', rules.minLength],
    ['letters', rules.minLetters],
    ['numbers', rules.minNumbers],
    ['special', rules.minSpecial],
  ];
  return (
    <div className="password-rules" id={id}>
      <p>{t('forms.password.rulesTitle')}</p>
      <ul>
        {items
          .filter(([, min]) => min > 0)
          .map(([key, min]) => {
            const met = password.length > 0 && !failed.has(key);
            return (
              <li key={key} className={met ? 'rule-met' : 'rule-unmet'}>
                <span aria-hidden="true">{met ? '✓' : '•'}</span>{' '}
                {t(`forms.password.rules.${key}`, { count: min })}
                <span className="visually-hidden">
                  {' '}
                  ({met ? t('forms.password.met') : t('forms.password.unmet')})
                </span>
              </li>
            );
          })}
      </ul>
    </div>
  );
}

/**
 * New password plus its confirmation, with the rules shown live and the
 * spec's messages ("Passwords don't match!", "Not enough characters", …).
 * `onChange` receives the password when both fields are valid, else null.
 */
export function NewPasswordFields({
  showErrors,
  onChange,
  serverError,
}: {
  /** Show the errors of empty or invalid fields (after a first submit). */
  showErrors: boolean;
  onChange: (password: string | null) => void;
  /** The server's message (422), shown under the password until it changes. */
  serverError?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { failures } = usePasswordCheck();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const update = (nextPassword: string, nextConfirm: string) => {
    setPassword(nextPassword);
    setConfirm(nextConfirm);
    const valid = failures(nextPassword).length === 0 && nextPassword === nextConfirm;
    onChange(valid ? nextPassword : null);
  };

  // Typed on the drawn page before its script arrived: kept, its rules ticked off.
  useDrawnAtHydration(
    () => {
      const typed = [drawnValue(`${id}-password`, ''), drawnValue(`${id}-confirm`, '')];
      return typed.some(Boolean) ? typed : undefined;
    },
    ([typedPassword = '', typedConfirm = '']) => update(typedPassword, typedConfirm),
  );

  const failed = failures(password);
  const passwordError =
    serverError ??
    (showErrors && failed.length > 0
      ? t(`forms.password.errors.${failed[0] ?? 'required'}`)
      : null);
  const confirmError =
    showErrors && password !== confirm
      ? confirm
        ? t('forms.password.errors.mismatch')
        : t('forms.password.errors.required')
      : null;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('forms.password.label')}</label>
        <PasswordInput
          id={`${id}-password`}
          // Named: a drawn page's form sends them without script (the gateway compares the two).
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => update(e.target.value, confirm)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={`${id}-rules${passwordError ? ` ${id}-password-error` : ''}`}
        />
        {passwordError && (
          <p id={`${id}-password-error`} className="field-error" role="alert">
            {passwordError}
          </p>
        )}
      </div>
      <PasswordRules password={password} id={`${id}-rules`} />
      <div className="field">
        <label htmlFor={`${id}-confirm`}>{t('forms.password.confirm')}</label>
        <PasswordInput
          id={`${id}-confirm`}
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => update(password, e.target.value)}
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
        />
        {confirmError && (
          <p id={`${id}-confirm-error`} className="field-error" role="alert">
            {confirmError}
          </p>
        )}
      </div>
    </>
  );
}
