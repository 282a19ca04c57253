import { lazyScreen } from '../lib/lazy';

/**
 * The phone field of a form on demand (`form/PhoneFormField`): its number
 * rules are a large part of `libphonenumber-js`, which the e-mail sign-in
 * never needs. Preloaded before a drawn phone page is hydrated
 * (`app/router.tsx`), so that the field is taken over with the rest of the
 * form, never left behind in a suspended part where what was typed would be
 * lost.
 */
export const LazyPhoneField = lazyScreen(() => import('./form/PhoneFormField'));
