import { en, type Messages } from './en/index';
import * as modules from './modules';

/**
 * Every language's whole text tree, for what needs them all at once: the
 * translation tests and the end-to-end tests. The app loads one namespace of
 * one language at a time (`i18n.ts`), so nothing it ships imports this file.
 */

/** The languages translated from English, the source of every key. */
type Translated = 'de' | 'fr' | 'nl';
type Modules = typeof modules;

/**
 * A language's tree, typed from its text modules: a namespace without its
 * module in that language is a type error here, and each module has exactly
 * English's keys (typed in its own file).
 */
type Tree<L extends Translated> = {
  [N in keyof Messages]: Modules[`${L}_${N}`] extends Record<N, infer T> ? T : unknown;
};

/** A language's tree, namespace by namespace as English has them. */
function tree<L extends Translated>(language: L): Tree<L> {
  const byName: Record<string, Record<string, unknown>> = modules;
  return Object.fromEntries(
    Object.keys(en).map((ns) => [ns, byName[`${language}_${ns}`]?.[ns]]),
  ) as Tree<L>;
}

export { en };
export const de: Messages = tree('de');
export const fr: Messages = tree('fr');
export const nl: Messages = tree('nl');
