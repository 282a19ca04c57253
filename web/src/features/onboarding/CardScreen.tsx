import '../../components/self-service.css';
import '../../components/flows.css';
import { getConfig } from '../../lib/config';
import { StartStep } from './components/StartStep';
import './onboarding.css';

/** Spec part 5: a Belgian card number is 16 digits starting with 5065. */
export const isCardNumber = (value: string) => /^5065\d{12}$/.test(value);
/** The Luxembourg variant's activation code (the contract's ActivationCode). */
export const isActivationCode = (value: string) => /^[A-Z]{2}-[A-Z]{3}-\d{4}$/.test(value);

/**
 * `/onboarding/card`: the card number; on the Luxembourg variant the card is
 * known by its activation code (spec part 2), with its own wording.
 */
export default function CardScreen() {
  const lu = getConfig().variant === 'lu';
  return (
    <StartStep
      source="card"
      inputMode={lu ? 'text' : 'numeric'}
      normalise={(typed) => (lu ? typed.trim().toUpperCase() : typed.replace(/[\s.-]/g, ''))}
      isValid={lu ? isActivationCode : isCardNumber}
      toBody={(value) => (lu ? { activation_code: value } : { card_number: value })}
    />
  );
}
