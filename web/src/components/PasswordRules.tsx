import { type PasswordFailure, passwordFailures } from '@portal/contract/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../lib/config';
import { drawnValue, useDrawnAtHydration } from '../lib/hydration';
import { TextField } from './form/fields';

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
 * New password plus its confirmation, inside a `Form`, with the rules shown
 * live and the spec's messages ("Passwords don't match!", "Not enough
 * characters", …) at their fields once the form was sent; the server's refusal
 * of the new password (a `refusal` at `password` of the form) under it.
 * `onChange` receives the password when both fields are valid, else null.
 */
export function NewPasswordFields({ onChange }: { onChange: (password: string | null) => void }) {
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

  const checkPassword = (value: string) => {
    const failed = failures(value);
    return failed.length > 0 ? t(`forms.password.errors.${failed[0] ?? 'required'}`) : null;
  };
  const checkConfirm = (value: string) =>
    value === password
      ? null
      : value
        ? t('forms.password.errors.mismatch')
        : t('forms.password.errors.required');
  return (
    <>
      <TextField
        label={t('forms.password.label')}
        // Named: a drawn page's form sends them without script (the gateway compares the two).
        id={`${id}-password`}
        name="password"
        type="password"
        input={{ autoComplete: 'new-password' }}
        details={<PasswordRules password={password} />}
        value={password}
        onChange={(value) => update(value, confirm)}
        validate={checkPassword}
      />
      <TextField
        label={t('forms.password.confirm')}
        id={`${id}-confirm`}
        name="confirm"
        type="password"
        input={{ autoComplete: 'new-password' }}
        value={confirm}
        onChange={(value) => update(password, value)}
        validate={checkConfirm}
      />
    </>
  );
}
