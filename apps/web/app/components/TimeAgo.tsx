import { formatDateTime, prettyDate } from '~/lib/time';

/**
 * A moment as readers see it everywhere: relative while recent (`prettyDate`), the exact minute on
 * hover, the ISO time for machines. `label` wraps the words (`发布于 …`).
 */
export function TimeAgo({
  time,
  label,
  className,
}: {
  time: number;
  label?: (when: string) => string;
  className?: string;
}) {
  const when = prettyDate(time);
  return (
    // The relative words depend on the clock, which differs a little between server and browser.
    <time
      className={className}
      dateTime={new Date(time).toISOString()}
      title={formatDateTime(time)}
      suppressHydrationWarning
    >
      {label ? label(when) : when}
    </time>
  );
}
