import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFailure } from '../../lib/api';
import { errorOf, errorText } from '../../lib/errors';

/**
 * The one message of a forgot-password or forgot-username form: the field it
 * refused (here before sending, or by the server's 400), in `fieldText`'s
 * words, else why the call failed. `wrong` names the refused field (for
 * `aria-invalid`); `clear` forgets both, as the user types again.
 */
export function useRefusal<F extends string>(
  mutation: { error: Error | null; isError: boolean; reset: () => void },
  field: F,
  fieldText: (field: F) => string,
) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<F | null>(null);
  const failure = mutation.error ? errorOf(mutation.error) : null;
  const wrong = refused ?? (failure?.kind === 'invalid' ? field : null);
  return {
    wrong,
    message: wrong ? fieldText(wrong) : failure ? errorText(t, failure) : null,
    refuse: setRefused,
    clear: () => {
      setRefused(null);
      clearFailure(mutation);
    },
  };
}
