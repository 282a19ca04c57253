import type { MfaMethod } from '@portal/contract';
import { api, type Sender } from '../../../lib/api';
import { useMethodsChange } from '../../../lib/mfa-methods';

/**
 * Removes a method (`DELETE /mfa/:id`, through the step-up; a contact that is
 * not a method yet goes by its target): answers the methods left.
 */
export const useDeleteMethod = (run: Sender) =>
  useMethodsChange(run, (m: MfaMethod) =>
    api.mfa.deleteMethod({
      params: { id: m.id },
      query: m.id < 0 && m.target ? { target: m.target } : {},
    }),
  );
