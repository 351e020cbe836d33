/**
 * A counting semaphore: `run` waits while every slot is taken, first come first served. Bounds how
 * many of one kind of costly work a process does at once, so the rest of its requests go on
 * between them.
 */
export interface Slots {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function slots(size: number): Slots {
  let free = size;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (free > 0) {
      free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async run(work) {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
