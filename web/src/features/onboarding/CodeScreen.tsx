import '../../components/self-service.css';
import '../../components/flows.css';
import { StartStep } from './components/StartStep';
import './onboarding.css';

/** The contract's InvitationCode: letters, digits and dashes. */
export const isInvitationCode = (value: string) => /^[A-Z0-9-]{4,32}$/.test(value);

/** `/onboarding/code`: the invitation code an employer sent. */
export default function CodeScreen() {
  return (
    <StartStep
      source="code"
      inputMode="text"
      normalise={(typed) => typed.trim().toUpperCase()}
      isValid={isInvitationCode}
      toBody={(value) => ({ invitation_code: value })}
    />
  );
}
