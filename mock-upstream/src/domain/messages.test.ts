import { describe, expect, it } from 'vitest';
import * as messages from './messages';

const LANGUAGES = ['en', 'fr', 'nl', 'de'];

describe("the mock's messages", () => {
  it('has every notice in every language an account may have, with the same parts', () => {
    const notices = Object.entries(messages).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'en' in value,
    );
    expect(notices.map(([name]) => name).sort()).toEqual([
      'ACCOUNT_LOCKED',
      'NEW_SIGN_IN_ALERT',
      'PASSKEY_ADDED',
      'PASSWORD_CHANGED',
      'WORKPLACE_LOGIN',
      'YOUR_DATA',
    ]);
    for (const [name, byLanguage] of notices) {
      const table = byLanguage as Record<string, object>;
      expect(Object.keys(table).sort(), name).toEqual([...LANGUAGES].sort());
      const parts = Object.keys(table.en ?? {}).sort();
      for (const language of LANGUAGES)
        expect(Object.keys(table[language] ?? {}).sort(), `${name} ${language}`).toEqual(parts);
    }
  });

  it('words a code message the same way for every purpose', () => {
    expect(messages.codeMessage('passwordReset', '12345678')).toBe(
      'Your password reset code is 12345678. It is valid for 10 minutes.',
    );
  });
});
