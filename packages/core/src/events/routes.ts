/**
 * Which queues react to an event, and under which job name: every event job names its event
 * (`defineEventJob`), so the routes are read from the job definitions rather than kept beside them.
 * An event goes at most once to each queue, since its id is the job id there.
 */
import { EventTypes, type EventType, type QueueName } from '@forum/contracts';
import { jobDefinitions } from './definitions';

export interface EventRoute {
  queue: QueueName;
  job: string;
}

let routes: Record<EventType, EventRoute[]> | undefined;

/**
 * The routes of every event type. Built on first use, not when the module loads: the job
 * definitions import the use cases, which import the bus, which imports this module.
 */
export function eventRoutes(): Record<EventType, EventRoute[]> {
  if (!routes) {
    const table = Object.fromEntries(EventTypes.map((type) => [type, [] as EventRoute[]])) as Record<
      EventType,
      EventRoute[]
    >;
    for (const definition of jobDefinitions) {
      if (definition.event) table[definition.event].push({ queue: definition.queue, job: definition.name });
    }
    routes = table;
  }
  return routes;
}

/** The queues and jobs that react to an event of `type`. */
export function routesOf(type: EventType): EventRoute[] {
  return eventRoutes()[type];
}
