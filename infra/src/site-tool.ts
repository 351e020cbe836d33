/**
 * What the operator tools (`npm run demo`, `reindex`, `backup`, `restore`) share: the site's
 * database connected (see `siteServices`), a one-line message on failure, the services they
 * started stopped, and progress bars for their long steps.
 */
import cliProgress from 'cli-progress';
import { configureSite, connectDatabase, disconnectDatabase } from '@forum/core';
import { dataDir } from './paths';
import { siteServices, type SiteServices } from './running-site';
import { MissingServiceError, type Services } from './services';

export type SiteTool = (site: SiteServices, db: Awaited<ReturnType<typeof connectDatabase>>) => Promise<void>;

/** Runs `tool` on the site's services and exits with 0, or 1 after printing why it failed. */
export async function runSiteTool(tool: SiteTool): Promise<never> {
  let services: Services | undefined;
  let code = 0;
  try {
    const site = await siteServices(dataDir);
    services = site.services;
    configureSite({ baseUrl: site.baseUrl });
    await tool(site, await connectDatabase(services.mongoUrl, site.mongoDb));
  } catch (error) {
    console.error(error instanceof MissingServiceError || error instanceof Error ? error.message : error);
    code = 1;
  } finally {
    await disconnectDatabase().catch(() => undefined);
    await services?.stop();
  }
  process.exit(code);
}

export interface Progress {
  label: string;
  done: number;
  total: number;
}

/** One bar per label, created when the label first reports; `total` may grow as work is found. */
export function progressBars() {
  const bars = new cliProgress.MultiBar(
    {
      format: ' {label} |{bar}| {value}/{total}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const byLabel = new Map<string, cliProgress.SingleBar>();
  const update = ({ label, done, total }: Progress) => {
    let bar = byLabel.get(label);
    if (!bar) {
      bar = bars.create(total, 0, { label: label.padEnd(22) });
      byLabel.set(label, bar);
    }
    bar.setTotal(Math.max(total, done));
    bar.update(done);
  };
  return { update, stop: () => bars.stop() };
}
