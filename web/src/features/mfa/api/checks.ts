import { useMutation } from '@tanstack/react-query';
import { authenticateWithPasskey } from '../../../lib/webauthn';

/** The step-up by the user's passkey instead of a code (docs/threat-model.md, 3. Passkey). */
export const usePasskeyStepUp = () =>
  useMutation({ mutationFn: () => authenticateWithPasskey('sudo') });
