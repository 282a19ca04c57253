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
 * A stored number's shape, E.164 as the contract's `Phone` checks it (written
 * here again: importing it would bring libphonenumber into every screen); a
 * masked one (`+32*****01`) loads nothing.
 */
const E164 = /^\+[1-9]\d{6,14}$/;

const asStored: Show = (value) => {
  if (E164.test(value)) loadFormat();
  return value;
};

/**
 * How a contact value is shown: a phone number grouped as its country writes
 * it (`+32 470 00 00 01`, which a screen reader also reads digit group by
 * group), anything else (an e-mail, a masked number) as it is. The first time
 * a number is shown the rules load, and the screen shows them grouped when
 * they arrive, as stored until then.
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
