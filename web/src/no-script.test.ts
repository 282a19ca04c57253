// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { de, en, fr, nl } from './i18n/locales';

/**
 * The app's shell says what to do with JavaScript off (the address-hash
 * hand-over never reaches a server: docs/flows.md), in every language of the
 * variants, with the words of the app's own texts.
 */
const shell = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const block = shell.match(/<noscript id="no-script">([\s\S]*?)<\/noscript>/)?.[1] ?? '';

describe('the shell without JavaScript', () => {
  it.each([
    ['en', en],
    ['fr', fr],
    ['nl', nl],
    ['de', de],
  ] as const)('says in %s what to do, with a way to log in', (lang, texts) => {
    const line = block.match(
      new RegExp(`<p lang="${lang}">([^<]*)<a href="/login/email">([^<]*)</a></p>`),
    );
    expect(line?.[1]?.trim()).toBe(texts.signin.hashLogin.noScript);
    expect(line?.[2]).toBe(texts.signin.login.submit);
  });
});
