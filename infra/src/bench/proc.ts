/** What the bench reads about the site's processes from /proc: their CPU time, memory and open-file limits. */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** A process and its descendants (tsx runs the app in a child). */
export function processTree(rootPid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

/** Resident memory of a process and its descendants, in MB. */
export function treeRssMb(rootPid: number): number {
  let kb = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += Number(match?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** The smallest soft "Max open files" in a process tree: how many sockets its server can hold. */
export function treeOpenFileLimit(rootPid: number): number {
  let limit = Number.MAX_SAFE_INTEGER;
  for (const pid of processTree(rootPid)) {
    try {
      const match = /Max open files\s+(\d+|unlimited)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
      if (match && match[1] !== 'unlimited') limit = Math.min(limit, Number(match[1]));
    } catch {
      // gone meanwhile
    }
  }
  return limit;
}

let ticksPerSecond: number | undefined;

/** CPU time (user + system) a process and its descendants have used so far, in ms. */
export function treeCpuMs(rootPid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}
