import type { Messages } from './en/index';

type Partial<T> = { [K in keyof T]?: T[K] extends string ? string : Partial<T[K]> };
/** The LU wording of one base language: any subset of its keys. */
export type LuWording = Partial<Messages>;

/**
 * Luxembourg locales (fr_LU, en_LU, de_LU) show their base language's texts
 * with these keys replaced: the LU variant's own wording (spec part 2: the
 * card number is an "activation code"). Only keys that differ belong here.
 */
export const luWording: Record<'fr' | 'en' | 'de', LuWording> = {
  en: {},
  fr: {},
  de: {},
};
