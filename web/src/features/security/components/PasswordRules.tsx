import { type PasswordFailure, type PasswordRuleBounds, passwordFailures } from '@portal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const FAILURE_KEY = {
  'Password is required': 'required',
  'Not enough characters': 'tooShort',
  'No letter': 'noLetter',
  'No number': 'noNumber',
  'No special characters': 'noSpecial',
} as const satisfies Record<PasswordFailure, string>;

/** The spec's password message of a broken rule, translated. */
export function passwordMessage(t: TFunction, failure: PasswordFailure): string {
  return t(`account.password.${FAILURE_KEY[failure]}`);
}

/** The password rules, each ticked as soon as the typed password meets it. */
export function PasswordRules({
  id,
  password,
  rules,
}: {
  id: string;
  password: string;
  rules: PasswordRuleBounds;
}) {
  const { t } = useTranslation();
  const failures = new Set(passwordFailures(password, rules));
  const empty = password.length === 0;
  const items = [
    {
      key: 'Not enough characters',
      text: t('account.password.ruleLength', { min: rules.minLength }),
    },
    { key: 'No letter', text: t('account.password.ruleLetters', { min: rules.minLetters }) },
    { key: 'No number', text: t('account.password.ruleNumbers', { min: rules.minNumbers }) },
    {
      key: 'No special characters',
      text: t('account.password.ruleSpecial', { min: rules.minSpecial }),
    },
  ] as const;
  return (
    <ul id={id} className="rules" aria-label={t('account.password.rules')}>
      {items.map((item) => {
        const met = !empty && !failures.has(item.key);
        return (
          <li key={item.key} className={met ? 'met' : undefined}>
            {item.text}
            <span className="visually-hidden">
              {met ? t('account.password.ruleMet') : t('account.password.ruleNotMet')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
