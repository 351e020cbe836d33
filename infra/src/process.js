import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
/** Child processes started by the launcher; all are stopped when it exits. */
const children = new Set();
export function startChild(command, args, options) {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
}
export async function stopChild(child, graceMs = 10_000) {
    if (child.exitCode !== null || child.signalCode !== null)
        return;
    const exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
}
export async function stopAllChildren() {
    await Promise.all([...children].reverse().map((child) => stopChild(child)));
}
/** Runs a command to completion, resolving with its exit code. */
export function run(command, args, options = {}) {
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
export function which(command) {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
        if (!dir)
            continue;
        const candidate = path.join(dir, command);
        try {
            accessSync(candidate, constants.X_OK);
            return candidate;
        }
        catch {
            // not in this directory
        }
    }
    return null;
}
