import { Card } from '~/components/Card';
import { MegaphoneIcon } from '~/components/icons';
import { useSiteConfig } from '~/features/users/session-hooks';
import { ListsTexts } from '~/texts/lists';

/** The notice widget: the site notice from the settings, hidden when there is none. */
export function SiteNotice({ testId = 'site-notice' }: { testId?: string }) {
  const { siteNotification } = useSiteConfig();
  if (!siteNotification) return null;
  return (
    <Card
      title={
        <span className="flex items-center gap-1.5">
          <MegaphoneIcon size={16} className="text-accent" />
          {ListsTexts.siteNotice}
        </span>
      }
    >
      {/* The notice is HTML written by the site's administrators in the settings. */}
      <div
        className="px-4 py-3 text-sm leading-6 text-muted [&_a]:text-link [&_a]:underline"
        data-testid={testId}
        dangerouslySetInnerHTML={{ __html: siteNotification }}
      />
    </Card>
  );
}
