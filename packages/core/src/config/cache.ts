/**
 * A per-process cache of the site configuration. Every process subscribes to one Redis channel;
 * a save anywhere publishes on it and all caches drop their copy.
 */
import type { Redis } from '../redis';
import type { SiteConfig } from '@forum/contracts';

const CHANNEL = 'config:invalidate';

class ConfigCache {
  private value: Promise<SiteConfig> | undefined;
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private channel = CHANNEL;

  get(load: () => Promise<SiteConfig>): Promise<SiteConfig> {
    if (!this.value) {
      this.value = load();
      this.value.catch(() => (this.value = undefined));
    }
    return this.value;
  }

  /** Connects the cache to Redis; `prefix` keeps tests apart. */
  async connect(publisher: Redis, subscriber: Redis, prefix = ''): Promise<void> {
    this.publisher = publisher;
    this.subscriber = subscriber;
    this.channel = `${prefix}${CHANNEL}`;
    await subscriber.subscribe(this.channel);
    subscriber.on('message', (channel) => {
      if (channel === this.channel) this.value = undefined;
    });
  }

  async invalidate(): Promise<void> {
    this.value = undefined;
    await this.publisher?.publish(this.channel, '1').catch(() => undefined);
  }

  async disconnect(): Promise<void> {
    await this.subscriber?.unsubscribe(this.channel).catch(() => undefined);
    this.publisher = undefined;
    this.subscriber = undefined;
    this.value = undefined;
  }
}

export const configCache = new ConfigCache();
