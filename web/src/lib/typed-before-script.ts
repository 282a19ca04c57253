import { useEffect } from 'react';

/**
 * What a person typed into a server-drawn field before the script took the
 * page over: hydration leaves the field's text in place but the component's
 * state empty, and the next render of a controlled field would wipe it. Once
 * hydrated, the text goes into the state (`keep`). Nothing happens on a page
 * the browser drew itself (the field then holds what the state says).
 */
export function useTypedBeforeScript(id: string, keep: (typed: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    // The server draws these fields empty. Compared with '' rather than the
    // field's defaultValue, which hydration may have set to the typed text; and
    // looked at again a moment later, for a key typed while hydration finished.
    const take = () => {
      const field = document.getElementById(id);
      if (field instanceof HTMLInputElement && field.value !== '') keep(field.value);
    };
    take();
    const later = window.setTimeout(take, 50);
    return () => window.clearTimeout(later);
  }, []);
}

/**
 * What the field with `id` shows now, else `state`: a form sent while the
 * script was taking a drawn page over (`early-actions.ts`) may reach its
 * handler before the typed text has reached the component's state. What the
 * person sees in the field is what is sent.
 */
export function shownValue(id: string, state: string): string {
  const field = typeof document === 'undefined' ? null : document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : state;
}

/** What each radio group of a drawn page showed chosen as the script took it over (name → value). */
const chosenBeforeScript = new Map<string, string>();

/**
 * Notes, just before hydration, which radio button of each named group the
 * drawn page shows chosen: a choice made before the script arrived, which
 * the first render would set back to the component's initial state.
 */
export function noteChosenBeforeScript(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')) {
    if (input.name) chosenBeforeScript.set(input.name, input.value);
  }
}

/** Once hydrated, the choice the group `name` showed before the script goes into the state. */
export function useChosenBeforeScript(name: string, keep: (chosen: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const chosen = chosenBeforeScript.get(name);
    chosenBeforeScript.delete(name);
    if (chosen !== undefined) keep(chosen);
  }, []);
}
