/**
 * A Redis Cluster primary paused (SIGSTOP, as a network cut silences it) past the node timeout
 * during the small crash test (`failoverChaosRun`), then resumed: the one serving the points queue.
 * A file of its own, as every test that starts a site; its cluster on 7620–7625 (or the next free
 * block).
 */
import { failoverChaosRun } from './chaos-small';

failoverChaosRun('pause', 7620);
