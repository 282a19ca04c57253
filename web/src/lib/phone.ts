import { E164_SHAPE, maskContact } from '@portal/contract/mask';
import { useSyncExternalStore } from 'react';

type Show = (value: string) => string;

let format: Show | undefined;
let requested = false;
const listeners = new Set<() => void>();

/**
 * libphonenumber's rules come in the chunk the phone fields load
 * (`@portal/contract/rules`, about 30 KB gzipped): only when a number is shown.
 */
function loadFormat() {
  if (requested) return;
  requested = true;
  void import('@portal/contract/rules').then(
    (rules) => {
      // Its groups held together by no-break spaces: a number never breaks across two lines.
      format = (value) => rules.formatPhone(value).replaceAll(' ', '\u00a0');
      for (const listener of listeners) listener();
    },
    () => {
      // Offline or a new deployment: numbers stay as stored, and the next screen tries again.
      requested = false;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Until the rules are there a value shows as stored, a masked number's
 * country code held to the rest (`+352\u00a06•••01`); a stored number (E.164)
 * asks for them, a masked one loads nothing.
 */
const asStored: Show = (value) => {
  if (E164_SHAPE.test(value)) loadFormat();
  return value.replaceAll(' ', '\u00a0');
};

/**
 * How a contact value is shown: a phone number grouped as its country writes
 * it (`+32 470 00 00 01`, which a screen reader also reads digit group by
 * group), anything else (an e-mail, a masked number) as it is, on one line.
 * The first time a number is shown the rules load, and the screen shows them
 * grouped when they arrive, as stored until then.
 */
export function useContactFormat(): Show {
  return (
    useSyncExternalStore(
      subscribe,
      () => format,
      () => format,
    ) ?? asStored
  );
}

/**
 * What a masked address or number is shown as in this visit
 * (docs/journeys-signin.md#masked-addresses-and-numbers): the address or number
 * the person typed (an e-mail address, or a number in E.164), in full, when
 * the mask is the typed value's own; the mask otherwise, and also when two of
 * the masks on offer (`onOffer`, this one among them) are the same: which of
 * the two is the typed one cannot be told.
 */
export function typedOrMasked(
  masked: string,
  typed: string | null | undefined,
  onOffer: readonly (string | null)[] = [],
): string {
  const value = typed?.trim().toLowerCase();
  if (!value || maskContact(value) !== masked) return masked;
  return onOffer.filter((other) => other === masked).length > 1 ? masked : value;
}
