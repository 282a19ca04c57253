import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The repository's docs tell the truth about it (CONTRIBUTING.md, "Before each commit"):
 * every path that the README, CONTRIBUTING, docs/ and the code's comments
 * name is a path of this repository, every link lands on a file and a
 * heading that exist, and nothing sends a reader outside the repository
 * (a maintainer has a clone, nothing else).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const TRACKED = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(join(ROOT, file)));

/** The repository's top-level folders: a path that starts with one is named from the root. */
const TOP = [...new Set(TRACKED.filter((f) => f.includes('/')).map((f) => f.split('/')[0] ?? ''))];
const FROM_ROOT = new RegExp(
  `(?<![\\w./@-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w.@/{},*-]*[\\w*}/])`,
  'g',
);
/** A path-like word with a file extension: it must be the end of a tracked file's path. */
const WITH_EXTENSION =
  /(?<![\w./@:-])((?:[\w.@-]+\/)+[\w.-]+\.(?:ts|tsx|mts|mjs|js|md|json|yaml|yml|css|cfg|conf|sh|html))(?![\w/])/g;
/** What only the team's machines have: the specification, the design notes, the style guide. */
const OUTSIDE = /\.\.\/shared|\bDESIGN\.md|portal-spec\.md|\bSTYLE\.md/;

const DOCS = TRACKED.filter((f) => f.endsWith('.md'));
/**
 * A decision record is kept as it was accepted (docs/decisions/README.md):
 * the files it names are those of its day. Its links and what it points to
 * outside the repository are checked like any doc's; its paths are not.
 */
const RECORD = /^docs\/decisions\/\d{4}-/;
const CODE = TRACKED.filter(
  (f) =>
    /\.(ts|tsx|mts|mjs|js|cjs|css|ya?ml|cfg|conf|sh)$/.test(f) ||
    /(^|\/)Dockerfile$/.test(f) ||
    f === '.ci/run',
);

/** Generated folders (artifacts, builds) are named by the docs that say where they appear. */
const ignoredPaths = new Map<string, boolean>();
function ignored(path: string): boolean {
  const known = ignoredPaths.get(path);
  if (known !== undefined) return known;
  // A folder's pattern (`dist/`) matches its name with the slash only.
  const answer = [path, `${path.replace(/\/$/, '')}/`].some((one) => {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', one], { cwd: ROOT });
      return true;
    } catch {
      return false;
    }
  });
  ignoredPaths.set(path, answer);
  return answer;
}

/** A path with a brace list, one path per choice. */
function expand(path: string): string[] {
  const [braces, choices] = path.match(/\{([^{}]*)\}/) ?? [];
  if (braces === undefined || choices === undefined) return [path];
  return choices.split(',').flatMap((part) => expand(path.replace(braces, part)));
}

const tracks = (path: string) =>
  existsSync(join(ROOT, path)) || TRACKED.some((f) => f.startsWith(`${path.replace(/\/$/, '')}/`));
/** Every tail of every tracked path: the whole path, then without its first folder, and so on. */
const TAILS = new Set(
  TRACKED.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(i).join('/'))),
);
const endsATrackedPath = (path: string) => TAILS.has(path) || ignored(path);
/** A file name alone, in backticks: it must be some tracked file's name. */
const FILE_NAME =
  /`([\w.-]+\.(?:ts|tsx|mts|mjs|js|md|json|yaml|yml|css|cfg|conf|sh|html))(?: ›[^`]*)?`/g;

/** What `text` (of `file`) names that the repository does not have. */
function missingPaths(file: string, text: string, markdown = file.endsWith('.md')): string[] {
  const missing: string[] = [];
  for (const [, named = ''] of text.matchAll(FROM_ROOT)) {
    const path = named.replace(/[.,]+$/, '');
    if (path.includes('*')) continue;
    for (const one of expand(path)) {
      if (!tracks(one) && !ignored(one)) missing.push(`${file}: ${one}`);
    }
  }
  for (const [, named = ''] of text.matchAll(WITH_EXTENSION)) {
    if (named.includes('node_modules/') || /^(dist|build)\//.test(named)) continue;
    for (const one of expand(named)) {
      // `./x` and `../x` are named from the file's own folder.
      const found = one.startsWith('.')
        ? existsSync(resolve(ROOT, dirname(file), one))
        : endsATrackedPath(one);
      if (!found) missing.push(`${file}: ${one}`);
    }
  }
  // Code comments also name what a build or a run makes (`worker.js`, `error-context.md`).
  for (const [, name = ''] of markdown ? text.matchAll(FILE_NAME) : []) {
    if (!endsATrackedPath(name) && !/^(package|tsconfig)\b/.test(name)) {
      missing.push(`${file}: ${name}`);
    }
  }
  return missing;
}

/** The comments of a code file, by the language's own rules (strings and URLs are not comments). */
function commentsOf(file: string, source: string): string {
  if (/\.(ts|tsx|mts|mjs|js|cjs)$/.test(file)) {
    const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
    const seen = new Map<number, string>();
    const collect = (ranges: ts.CommentRange[] | undefined) => {
      for (const range of ranges ?? []) seen.set(range.pos, source.slice(range.pos, range.end));
    };
    const visit = (node: ts.Node) => {
      collect(ts.getLeadingCommentRanges(source, node.getFullStart()));
      collect(ts.getTrailingCommentRanges(source, node.end));
      ts.forEachChild(node, visit);
    };
    visit(tree);
    collect(ts.getLeadingCommentRanges(source, tree.endOfFileToken.getFullStart()));
    return [...seen.values()].join('\n');
  }
  if (file.endsWith('.css')) return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].join('\n');
  return [...source.matchAll(/(?:^|\s)#[^\n]*/g)].join('\n');
}

const headingsOf = new Map<string, Set<string>>();
/** The anchors GitHub gives the headings of a Markdown file. */
function anchorsOf(file: string): Set<string> {
  let anchors = headingsOf.get(file);
  if (!anchors) {
    const slugger = new GithubSlugger();
    anchors = new Set(
      readFileSync(file, 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .split('\n')
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => slugger.slug(line.replace(/^#+ /, '').replace(/`/g, ''))),
    );
    headingsOf.set(file, anchors);
  }
  return anchors;
}

/** The links of a Markdown file that land nowhere, or outside the repository. */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, target = '', anchor] of text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const path = target ? resolve(ROOT, dirname(file), target) : join(ROOT, file);
    if (!path.startsWith(`${ROOT}/`)) broken.push(`${file}: ${target} is outside the repository`);
    else if (!existsSync(path)) broken.push(`${file}: ${target} does not exist`);
    else if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor)) {
      broken.push(`${file}: ${relative(ROOT, path)} has no heading #${anchor}`);
    }
  }
  return broken;
}

describe('the docs name only what the repository has', () => {
  it('every path the Markdown files name exists, every link lands on a file and heading', () => {
    const wrong = DOCS.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return [...(RECORD.test(file) ? [] : missingPaths(file, text)), ...brokenLinks(file, text)];
    });
    expect(wrong).toEqual([]);
  });

  it("every path the code's comments name exists", () => {
    const wrong = CODE.flatMap((file) =>
      missingPaths(file, commentsOf(file, readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(wrong).toEqual([]);
  });

  it('no doc or comment sends a maintainer outside the repository', () => {
    const outside = [
      ...DOCS.filter((file) => OUTSIDE.test(readFileSync(join(ROOT, file), 'utf8'))),
      ...CODE.filter((file) =>
        OUTSIDE.test(commentsOf(file, readFileSync(join(ROOT, file), 'utf8'))),
      ),
    ];
    expect(outside).toEqual([]);
  });

  it('code comments cite the specification by its copy in the repository, docs/product.md', () => {
    const uncited = CODE.filter((file) =>
      /\bspec(ification)? parts? \d/i.test(
        commentsOf(file, readFileSync(join(ROOT, file), 'utf8')),
      ),
    );
    expect(uncited).toEqual([]);
  });

  it('finds what it looks for: a made-up path, a dead link and an outside file are caught', () => {
    expect(missingPaths('x.md', 'see `gateway/src/no-such-file.ts`')).toEqual([
      'x.md: gateway/src/no-such-file.ts',
      'x.md: gateway/src/no-such-file.ts',
    ]);
    expect(missingPaths('x.md', 'see `plugins/no-such.ts` and `plugins/session.ts`')).toEqual([
      'x.md: plugins/no-such.ts',
    ]);
    expect(
      brokenLinks('docs/x.md', '[a](flows.md#no-such-heading) [b](../../shared/DESIGN.md)'),
    ).toEqual([
      'docs/x.md: docs/flows.md has no heading #no-such-heading',
      'docs/x.md: ../../shared/DESIGN.md is outside the repository',
    ]);
    expect(
      commentsOf('a.ts', "const u = 'http://x/gateway/nope.ts' / 2; // gateway/src/app.ts\n"),
    ).toBe('// gateway/src/app.ts');
  });
});
