/** `BE68539007547034` → `BE68 5390 0754 7034`, as people read and type it. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A profile language named in the current language (`nl` → "Dutch" / "néerlandais"). */
export function languageLabel(language: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return language;
  }
}
