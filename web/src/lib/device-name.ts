import type { TFunction } from 'i18next';

/**
 * A device's name as the page's language says it. The account API names a
 * device it recognises `<system> computer`, `<system> phone` or `<system>
 * tablet` (`Windows computer`), in English whatever the user's language; a
 * model (`iPhone`) or any other name is a name, and stays as it came.
 */
export function deviceName(t: TFunction, name: string): string {
  const match = /^(.+) (computer|phone|tablet)$/.exec(name);
  const [, system, kind] = match ?? [];
  if (!system || (kind !== 'computer' && kind !== 'phone' && kind !== 'tablet')) return name;
  return t(`common.device.${kind}`, { os: system });
}
