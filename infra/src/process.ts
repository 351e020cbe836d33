import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Child processes started by the launcher; all are stopped when it exits. */
const children = new Set<ChildProcess>();
/** Set once the launcher stops everything: supervised children are not restarted then. */
let stoppingAll = false;

/**
 * Starts a long-running child as the leader of its own process group, so stopping it reaches what
 * it started too (tsx runs the app in a grandchild that a SIGKILL of tsx alone would orphan).
 */
export function startChild(
  command: string,
  args: string[],
  options: SpawnOptions & { name: string },
): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', ...options, detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to the child's group, SIGKILL after `graceMs`, and SIGKILL to whatever it left behind. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  signalGroup(child, 'SIGKILL');
}

/**
 * Stops children one by one, newest first: the site's processes before the servers they use, so a
 * worker shuts down gracefully while its Redis still answers.
 */
export async function stopAllChildren(): Promise<void> {
  stoppingAll = true;
  for (const child of [...children].reverse()) await stopChild(child);
}

/** Runs a command to completion, resolving with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    children.add(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

export function which(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

export interface Supervised {
  /** The child running now (a new one after each restart). */
  readonly current: ChildProcess;
  readonly restarts: number;
  /** Stops restarting it and stops the child. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  log: (line: string) => void;
  /** First wait before a restart; it doubles after each quick crash, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A child that ran this long before it exited is restarted after the first wait again. */
  stableMs?: number;
}

/**
 * Keeps a child running: when it exits (a crash, a SIGKILL, an out-of-memory kill) it is started
 * again after a backoff, and the launcher says so. One part crashing must not take the site down.
 */
export function supervise(name: string, start: () => ChildProcess, options: SuperviseOptions): Supervised {
  const { log, backoffMs = 1000, maxBackoffMs = 30_000, stableMs = 60_000 } = options;
  let current = start();
  let restarts = 0;
  let wait = backoffMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const watch = (child: ChildProcess) => {
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (stopped || stoppingAll) return;
      if (Date.now() - startedAt >= stableMs) wait = backoffMs;
      log(
        `${name} exited (${signal ?? `code ${code}`}); restarting it in ${(wait / 1000).toFixed(0)} s (restart ${restarts + 1})`,
      );
      timer = setTimeout(() => {
        if (stopped || stoppingAll) return;
        restarts++;
        current = start();
        watch(current);
        log(`${name} restarted (pid ${current.pid})`);
      }, wait);
      wait = Math.min(wait * 2, maxBackoffMs);
    });
  };
  watch(current);
  return {
    get current() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await stopChild(current);
    },
  };
}
