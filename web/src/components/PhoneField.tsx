import type { Variant } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';
import { SelectField } from './SelectField';

/** Country codes offered, the variant's own first (docs/product.md part 2: it is the default). */
const COUNTRIES = [
  { code: 'BE', dial: '32' },
  { code: 'LU', dial: '352' },
  { code: 'NL', dial: '31' },
  { code: 'FR', dial: '33' },
  { code: 'DE', dial: '49' },
] as const;
type Country = (typeof COUNTRIES)[number]['code'];

export interface PhoneValue {
  country: Country;
  number: string;
}

// libphonenumber's metadata is large: it loads with the phone sign-in only.
const loadRules = () => import('@portal/contract/rules');
export const preloadPhoneRules = () => void loadRules();

/** The number's input: a drawn page's sign-in starts from what it shows (`lib/hydration.ts`). */
export const PHONE_INPUT_ID = 'login-username';

/**
 * The number in E.164 (`+32470000001`), read with the chosen country code
 * unless the user typed an international number; null when it is not valid.
 */
export async function phoneToE164(value: PhoneValue, variant: Variant): Promise<string | null> {
  const { toE164 } = await loadRules();
  const typed = value.number.trim();
  const home = variant === 'lu' ? 'LU' : 'BE';
  if (/^(\+|00)/.test(typed)) return toE164(typed.replace(/^00/, '+'), home);
  const dial = COUNTRIES.find((c) => c.code === value.country)?.dial ?? '32';
  // The national trunk 0 (0470 …) is not part of the international number.
  return toE164(`+${dial}${typed.replace(/[^\d]/g, '').replace(/^0/, '')}`, home);
}

/** Phone number with its country code (docs/product.md part 2: defaulting to the variant's country). */
export function PhoneField({
  value,
  onChange,
  invalid,
  describedBy,
}: {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  // Each country by its name in the page's language ("Belgique +32"); the closed field shows `BE +32`.
  const format = useFormat();
  return (
    <fieldset className="field phone-field">
      <legend>{t('signin.login.phone')}</legend>
      <div className="phone-inputs">
        <SelectField
          className="phone-country"
          label={t('signin.login.country')}
          labelHidden
          value={value.country}
          onChange={(country) => onChange({ ...value, country })}
          options={COUNTRIES.map((c) => ({
            id: c.code,
            label: `${format.country(c.code)} +${c.dial}`,
            short: `${c.code} +${c.dial}`,
          }))}
        />
        <label htmlFor={PHONE_INPUT_ID} className="visually-hidden">
          {t('signin.login.phone')}
        </label>
        <input
          id={PHONE_INPUT_ID}
          name="username"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
      </div>
    </fieldset>
  );
}
