import { de } from './de/index';
import { en } from './en/index';
import { fr } from './fr/index';

/** Luxembourg locales: the base language's texts; LU-specific wording is overridden here. */
export const en_LU = en;
export const fr_LU = fr;
export const de_LU = de;
