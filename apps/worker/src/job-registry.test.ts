import { describe, expect, it } from 'vitest';
import { EventTypes, routesOf } from '@forum/contracts';
import { bullPrefix } from '@forum/core';
import { jobDefinitions } from './jobs';

describe('job definitions', () => {
  it('every event has a job that reacts to it, and each such job runs once per event', () => {
    for (const type of EventTypes) {
      expect(routesOf(type).length, type).toBeGreaterThan(0);
      for (const route of routesOf(type)) {
        const definition = jobDefinitions.find((d) => d.queue === route.queue && d.name === route.job);
        expect(definition, `${type} → ${route.queue}/${route.job}`).toBeDefined();
        expect(definition!.onceKey, `${route.queue}/${route.job} runs once per event`).toBeDefined();
      }
    }
  });

  it('every event job is a route of its event, on the queue the route names', () => {
    for (const definition of jobDefinitions.filter((d) => d.event)) {
      const routes = routesOf(definition.event!).map((route) => `${route.queue}/${route.job}`);
      expect(routes, `${definition.event} → ${definition.queue}/${definition.name}`).toContain(
        `${definition.queue}/${definition.name}`,
      );
    }
  });

  it('an event goes at most once to each queue, since its id is the job id there', () => {
    for (const type of EventTypes) {
      const queues = routesOf(type).map((route) => route.queue);
      expect(new Set(queues).size, type).toBe(queues.length);
    }
  });

  it('job names are unique within a queue', () => {
    const keys = jobDefinitions.map((d) => `${d.queue}/${d.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the outbox sweeper is scheduled every five seconds', () => {
    expect(jobDefinitions.find((d) => d.name === 'sweep-outbox')).toMatchObject({
      queue: 'maintenance',
      schedule: { every: 5000 },
    });
  });
});

describe('the BullMQ prefix', () => {
  it('is the site prefix without its trailing colon, or bull when there is none', () => {
    expect(bullPrefix('forum:')).toBe('forum');
    expect(bullPrefix('forum')).toBe('forum');
    expect(bullPrefix('')).toBe('bull');
    expect(bullPrefix()).toBe('bull');
  });
});
