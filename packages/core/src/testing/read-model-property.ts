/**
 * The harness of the read-model property tests. Kept out of the testing index so that the other
 * packages' tests, which import that index, do not load fast-check.
 */
import fc from 'fast-check';
import type { Redis } from '../redis';
import { afterAll, beforeAll } from 'vitest';
import { closeEventBus, initEventBus } from '../events';
import { initKv } from '../kv';
import { rebuildReadModel } from '../read-model/rebuild';
import { createRedis } from '../redis';
import { useTestServices } from './index';
import { readListPairs, resetReadModel } from './read-model';

export interface ReadModelProperty {
  redis: Redis;
  /** A list of the read model as [member, score] pairs, as `listPairsOf` computes them from rows. */
  readList(key: string): Promise<[number, number][]>;
  /**
   * Plays `sequences`: for each, deletes the content (`clear`) and empties the read model, applies
   * every write, and compares the read model with MongoDB before and after a rebuild. Returns how
   * many rows the writes created, so a test can show that its sequences did write.
   */
  play<Op, Row>(game: {
    sequences: fc.Arbitrary<Op[]>;
    clear(): Promise<unknown>;
    /** Applies one write, pushing what it created onto `created`. */
    apply(op: Op, created: Row[]): Promise<void>;
    compareWithDatabase(): Promise<void>;
    parameters: fc.Parameters<[Op[]]>;
  }): Promise<number>;
}

/**
 * This file's database, Redis and event bus, as the services being tested use them; `redisUrl`
 * picks one Redis or a Redis Cluster (`describeOnEachRedis`).
 */
export function useReadModelProperty(redisUrl?: string): ReadModelProperty {
  const services = useTestServices({ redisUrl });
  const redis = createRedis(services.redisUrl);
  beforeAll(() => {
    initKv(redis, services.prefix);
    initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
  });
  afterAll(async () => {
    await closeEventBus();
    await redis.quit();
  });

  return {
    redis,
    readList: (key) => readListPairs(redis, key),
    async play({ sequences, clear, apply, compareWithDatabase, parameters }) {
      let written = 0;
      await fc.assert(
        fc.asyncProperty(sequences, async (ops) => {
          await clear();
          // Rate limits and the read model start empty for each sequence; ids keep counting.
          await resetReadModel(redis, services.prefix);
          const created: Parameters<typeof apply>[1] = [];
          for (const op of ops) await apply(op, created);
          written += created.length;
          await compareWithDatabase();
          await rebuildReadModel();
          await compareWithDatabase();
        }),
        parameters,
      );
      return written;
    },
  };
}
