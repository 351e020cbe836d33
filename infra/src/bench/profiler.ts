/**
 * `npm run bench -- --profile`: a CPU profile of the API (and, for write rows, the worker) over
 * exactly the seconds each row measures, written to `.bench/profiles/<row>-<process>.cpuprofile`
 * (open it in Chromium's DevTools, Performance panel) and summed up under the table: where the
 * process's busy time went, by function and by package or file. `profiler-preload.mjs` runs in the
 * profiled process; this side signals it and reads what it wrote.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths';

export const PROFILER_PRELOAD = path.join(repoRoot, 'infra/src/bench/profiler-preload.mjs');
export const PROFILE_DIR = path.join(repoRoot, '.bench/profiles');

/** The environment that loads the preload into a process (added to what it already has). */
export function profiledEnv(existing?: string): NodeJS.ProcessEnv {
  mkdirSync(PROFILE_DIR, { recursive: true });
  return {
    NODE_OPTIONS: [existing, `--import ${PROFILER_PRELOAD}`].filter(Boolean).join(' '),
    BENCH_PROFILE_DIR: PROFILE_DIR,
  };
}

export function startProfile(pid: number): void {
  rmSync(path.join(PROFILE_DIR, `${pid}.cpuprofile`), { force: true });
  process.kill(pid, 'SIGUSR2');
}

/** Stops the profile `startProfile` began and keeps it under `name`; its path, or undefined. */
export async function stopProfile(
  pid: number,
  name: string,
  timeoutMs = 15_000,
): Promise<string | undefined> {
  const written = path.join(PROFILE_DIR, `${pid}.cpuprofile`);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  // Written whole by one call once the profiler stopped; a size that holds still is complete.
  let size = -1;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (!existsSync(written)) continue;
    const now = readFileSync(written).length;
    if (now > 0 && now === size) {
      const kept = path.join(PROFILE_DIR, `${name.replace(/[^\w-]+/g, '-')}.cpuprofile`);
      renameSync(written, kept);
      return kept;
    }
    size = now;
  }
  return undefined;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  startTime: number;
  endTime: number;
}

/** `node_modules/ioredis/built/x.js` → `ioredis`; a file of ours → its path in the repository. */
function ownerOf(url: string, name: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (!url) return name;
  if (url.startsWith('node:')) return 'node';
  return url.replace(/^file:\/\//, '').replace(`${repoRoot}/`, '');
}

export interface ProfileSummary {
  /** Milliseconds the process was busy (not idle) while profiled. */
  busyMs: number;
  functions: { name: string; share: number }[];
  owners: { name: string; share: number }[];
}

/** Where the busy samples of a profile fell: the `top` functions and owners by self time. */
export function summarizeProfile(file: string, top = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id)!;
    if (frame.functionName === '(idle)') continue;
    busy++;
    const owner = ownerOf(frame.url, frame.functionName || '(native)');
    // A frame without a file is V8's or Node's own (GC, a syscall binding): its name says it.
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${owner}:${frame.lineNumber + 1}`
      : owner;
    functions.set(name, (functions.get(name) ?? 0) + 1);
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => ({ name, share: busy ? count / busy : 0 }));
  const sampleMs = profile.samples.length
    ? (profile.endTime - profile.startTime) / 1000 / profile.samples.length
    : 0;
  return { busyMs: busy * sampleMs, functions: ranked(functions), owners: ranked(owners) };
}

/** The summary as a few lines for the report. */
export function formatProfileSummary(title: string, summary: ProfileSummary, file: string): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  return [
    `**${title}** (${(summary.busyMs / 1000).toFixed(1)} s busy; ${path.relative(repoRoot, file)})`,
    '',
    `- by package or file: ${summary.owners.map((owner) => `${owner.name} ${percent(owner.share)}`).join(', ')}`,
    `- by function: ${summary.functions.map((fn) => `${fn.name} ${percent(fn.share)}`).join(', ')}`,
  ].join('\n');
}
