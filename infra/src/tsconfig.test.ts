/**
 * The root tsconfig.json is a solution that `tsc -b` builds: it lists every workspace, each workspace
 * is a composite project, and each references exactly the workspaces its sources import (by package
 * name or by a relative path into another workspace). Read without running the compiler.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths';

interface Workspace {
  /** Relative to the repository root, e.g. `apps/api`. */
  dir: string;
  name: string;
  dependencies: string[];
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The workspaces the root package.json lists (`apps/*` style globs or plain folders). */
function listWorkspaces(): Workspace[] {
  const globs = readJson(path.join(repoRoot, 'package.json')).workspaces as string[];
  const dirs = globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [glob];
    const parent = glob.slice(0, -2);
    return readdirSync(path.join(repoRoot, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
  return dirs
    .filter((dir) => existsSync(path.join(repoRoot, dir, 'package.json')))
    .map((dir) => {
      const pkg = readJson(path.join(repoRoot, dir, 'package.json'));
      const dependencies = Object.keys({
        ...(pkg.dependencies as object | undefined),
        ...(pkg.devDependencies as object | undefined),
      });
      return { dir, name: pkg.name as string, dependencies };
    });
}

/** A tsconfig as the compiler reads it: `extends` applied, paths absolute. */
function parseConfig(dir: string): ts.ParsedCommandLine {
  const file = path.join(repoRoot, dir, 'tsconfig.json');
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file), undefined, file);
}

const workspaces = listWorkspaces();

/** The workspace a file or folder of the repository belongs to, if any. */
function workspaceOf(file: string): Workspace | undefined {
  const relative = path.relative(repoRoot, file).split(path.sep).join('/');
  return workspaces.find(
    (workspace) => relative === workspace.dir || relative.startsWith(`${workspace.dir}/`),
  );
}

/** The other workspaces the project's sources import, as workspace folders. */
function importedWorkspaces(workspace: Workspace, fileNames: readonly string[]): string[] {
  const imported = new Set<string>();
  for (const file of fileNames) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      let target: Workspace | undefined;
      if (specifier.startsWith('.')) target = workspaceOf(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('@forum/')) {
        const name = specifier.split('/').slice(0, 2).join('/');
        target = workspaces.find((candidate) => candidate.name === name);
        if (!target) throw new Error(`${file} imports ${specifier}, which is no workspace`);
      }
      if (target && target !== workspace) imported.add(target.dir);
    }
  }
  return [...imported].sort();
}

describe('the root tsconfig.json', () => {
  it('finds the workspaces', () => {
    expect(workspaces.map((workspace) => workspace.dir)).toContain('apps/web');
    expect(workspaces.length).toBeGreaterThanOrEqual(6);
  });

  it('references every workspace and includes no file itself', () => {
    const root = parseConfig('.');
    expect(root.fileNames).toEqual([]);
    const referenced = (root.projectReferences ?? []).map((reference) =>
      path.relative(repoRoot, reference.path).split(path.sep).join('/'),
    );
    expect(referenced.sort()).toEqual(workspaces.map((workspace) => workspace.dir).sort());
  });

  describe.each(workspaces.map((workspace) => [workspace.dir, workspace] as const))(
    '%s',
    (_dir, workspace) => {
      const config = parseConfig(workspace.dir);

      it('is a composite project that emits declarations only, into its .tsbuild', () => {
        expect(
          config.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n')),
        ).toEqual([]);
        expect(config.options.composite).toBe(true);
        expect(config.options.emitDeclarationOnly).toBe(true);
        expect(config.options.noEmit).toBeFalsy();
        expect(config.options.outDir).toBe(path.join(repoRoot, workspace.dir, '.tsbuild'));
      });

      it('references exactly the workspaces it imports, each a dependency in its package.json', () => {
        const referenced = (config.projectReferences ?? [])
          .map((reference) => workspaceOf(reference.path)?.dir ?? reference.path)
          .sort();
        expect(referenced).toEqual(importedWorkspaces(workspace, config.fileNames));
        // turbo runs a workspace's typecheck after its dependencies' (`^typecheck`), so two `tsc -b`
        // never build one project at once.
        const dependencies = referenced.map(
          (dir) => workspaces.find((candidate) => candidate.dir === dir)!.name,
        );
        expect(workspace.dependencies).toEqual(expect.arrayContaining(dependencies));
      });
    },
  );
});
