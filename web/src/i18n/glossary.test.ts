// @vitest-environment node

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { overlay } from './i18n';
import { de, en, fr, nl } from './locales/index';
import { luWording } from './locales/lu';

/**
 * docs/glossary.md, kept: one word per idea in each language. Its tables are
 * read here, so that the page and the test cannot say two things.
 */
const GLOSSARY = readFileSync(new URL('../../../docs/glossary.md', import.meta.url), 'utf8');

interface Row {
  idea: string;
  say: string[];
  never: string[];
}

/** The rows of the table under `## <Language> (`<code>`…)`. */
function rowsOf(code: string): Row[] {
  const section = GLOSSARY.split(/^## /m).find((s) => s.includes(`(\`${code}\``));
  if (!section) throw new Error(`docs/glossary.md has no section for ${code}`);
  const quoted = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(Idea|-)/.test(line))
    .map((line) => {
      const [idea = '', say = '', never = ''] = line.split('|').slice(1, -1);
      return { idea: idea.trim(), say: quoted(say), never: quoted(never) };
    });
}

type Tree = Parameters<typeof overlay>[0];
const texts = (tree: object): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v as object)));

/** Every text of a language, its Luxembourg wording included, placeholders taken out. */
const LANGUAGES = {
  en: [...texts(en), ...texts(luWording.en as Tree)],
  fr: [...texts(fr), ...texts(luWording.fr as Tree)],
  nl: texts(nl),
  de: [...texts(de), ...texts(luWording.de as Tree)],
};
const literally = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where a word starts, in any case, whatever follows (`inlog` finds "Inlogcodes"). */
const wordAt = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${literally(word)}`, 'iu');
const plain = (text: string) => text.replace(/{{\w+}}/g, '');

describe('docs/glossary.md: one word per idea', () => {
  it.each(Object.keys(LANGUAGES))('has a table for %s', (code) => {
    const rows = rowsOf(code);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const row of rows) expect([row.idea, row.say.length]).not.toEqual([row.idea, 0]);
  });

  it.each(Object.entries(LANGUAGES))('%s never says what its glossary forbids', (code, all) => {
    const found = rowsOf(code).flatMap((row) =>
      row.never.flatMap((word) =>
        all
          .filter((text) => wordAt(word).test(plain(text)))
          .map((text) => `${row.idea}: "${word}" in "${text}"`),
      ),
    );
    expect(found).toEqual([]);
  });

  it.each(Object.entries(LANGUAGES))('%s says the words its glossary chose', (code, all) => {
    const missing = rowsOf(code).flatMap((row) =>
      row.say.filter((word) => !all.some((text) => wordAt(word).test(plain(text)))),
    );
    expect(missing).toEqual([]);
  });
});
