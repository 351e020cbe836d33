/**
 * Loaded with `node --import` into the API or the worker by `npm run bench -- --profile`: each
 * SIGUSR2 starts the V8 CPU profiler, the next stops it and writes the profile to
 * `$BENCH_PROFILE_DIR/<pid>.cpuprofile`, so the bench profiles exactly the seconds a row measures.
 *
 * Signals reach only the main thread; a preload may also run in tsx's loader thread, which has
 * nothing to profile and is left alone. A profiler driven by a file that every thread watches
 * instead wrote the loader thread's empty profile over the main thread's.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const directory = process.env.BENCH_PROFILE_DIR || process.cwd();
  const session = new Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let running = false;
  let turn = Promise.resolve();
  process.on('SIGUSR2', () => {
    turn = turn
      .then(async () => {
        if (!running) {
          running = true;
          await post('Profiler.enable');
          await post('Profiler.setSamplingInterval', { interval: 250 });
          await post('Profiler.start');
          process._stopProfilerIdleNotifier?.();
        } else {
          running = false;
          const { profile } = await post('Profiler.stop');
          writeFileSync(path.join(directory, `${process.pid}.cpuprofile`), JSON.stringify(profile));
        }
      })
      .catch((error) => process.stderr.write(`profiler: ${error}\n`));
  });
}
