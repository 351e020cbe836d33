/**
 * A Redis Cluster primary killed during the small crash test (`failoverChaosRun`): the one serving
 * the read model. A file of its own, as every test that starts a site; its cluster on 7600–7605
 * (or the next free block).
 */
import { failoverChaosRun } from './chaos-small';

failoverChaosRun('kill', 7600);
