/**
 * Every citation resolves inside the repository: code and docs cite `docs/<page>.md` (and its
 * numbered sections), never design files that live outside it, and every relative link of the
 * README, CONTRIBUTING and docs/ reaches an existing file and heading. Read without running anything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths';

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|md|json|ya?ml)$/;
const THIS_FILE = 'infra/src/docs-links.test.ts';

/** Tracked and new files, as git sees them (node_modules and build output are ignored). */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\n')
    .filter((file) => SOURCE.test(file) && file !== THIS_FILE && existsSync(path.join(repoRoot, file)))
    .filter((file) => !file.endsWith('package-lock.json'));
}

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const docPages = readdirSync(path.join(repoRoot, 'docs')).filter((name) => name.endsWith('.md'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+?)\s*#*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** `3`, `4.5`: the numbered sections of a page (`### 4.5 Messages`). */
function sectionsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)?)\.? /gm)].map((match) => match[1]!));
}

/** The places in `text` where `pattern` matches, as `file:line: text`. */
function hits(file: string, text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('citations', () => {
  const files = repoFiles();

  it('never cite design files outside the repository', () => {
    const outside =
      /ARCHITECTURE\.md|STYLE\.md|\bspec\/[\w-]+\.md|product-spec|stack-notes|frontend-reference|\.\.\/shared\//;
    expect(files.flatMap((file) => hits(file, read(file), outside))).toEqual([]);
  });

  it('name a docs page by its path outside docs/, and only pages that exist', () => {
    const pageNames = docPages.map((name) => name.replace(/[.-]/g, (c) => `\\${c}`)).join('|');
    const bare = new RegExp(`(?<![\\w./-])(?:${pageNames}|legacy-api\\.md)`);
    const problems = files.flatMap((file) => {
      const text = read(file);
      const missing = [...text.matchAll(/(?<![\w./-])docs\/([\w-]+\.md)/g)]
        .filter((match) => !docPages.includes(match[1]!))
        .map((match) => `${file}: docs/${match[1]} does not exist`);
      const unprefixed = file.startsWith('docs/') || file.endsWith('.md') ? [] : hits(file, text, bare);
      return [...missing, ...unprefixed];
    });
    expect(problems).toEqual([]);
  });

  it('name sections of docs/legacy-api.md that exist', () => {
    const sections = sectionsOf(read('docs/legacy-api.md'));
    const problems = files.flatMap((file) =>
      [...read(file).matchAll(/docs\/legacy-api\.md,? §(\d+(?:\.\d+)?)/g)]
        .filter((match) => !sections.has(match[1]!))
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('markdown links', () => {
  const pages = ['README.md', 'CONTRIBUTING.md', ...docPages.map((name) => `docs/${name}`)];

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const text = read(page).replace(/```[\s\S]*?```/g, '');
    const targets = [
      ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!),
      ...[...text.matchAll(/^\[[^\]]+\]: (\S+)/gm)].map((match) => match[1]!),
    ].filter((target) => !/^[a-z]+:/i.test(target));
    const problems = targets.flatMap((target) => {
      const [file, anchor] = target.split('#');
      const resolved = file ? path.join(path.dirname(page), file) : page;
      if (!existsSync(path.join(repoRoot, resolved))) return [`${target}: no file ${resolved}`];
      if (!anchor || !resolved.endsWith('.md')) return [];
      return anchorsOf(read(resolved)).has(anchor) ? [] : [`${target}: no heading #${anchor} in ${resolved}`];
    });
    expect(problems).toEqual([]);
  });
});
