import { de } from './de';
import { en } from './en';
import { fr } from './fr';

/** Luxembourg locales: the base language's texts; LU-specific wording is overridden here. */
export const en_LU = en;
export const fr_LU = fr;
export const de_LU = de;
