import { Link } from 'react-router';
import { BellIcon } from '~/components/icons';
import { MessagesTexts } from '~/texts/messages';
import { unreadBadge } from './badge';
import { useUnreadCount } from './use-unread-count';

/** The messages link with the unread badge; it blinks while something is unread. */
export function MessageNotice() {
  const count = useUnreadCount();
  const badge = unreadBadge(count);
  return (
    <Link
      to="/user/messages"
      className="relative inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm text-muted hover:text-accent"
      data-testid="message-notice"
      aria-label={count > 0 ? MessagesTexts.unread(count) : MessagesTexts.title}
    >
      <BellIcon size={17} className={count > 0 ? 'animate-blink text-accent' : ''} />
      <span>{MessagesTexts.title}</span>
      {badge && (
        <span
          className="absolute -top-0.5 left-4 min-w-4 animate-blink rounded-full bg-accent-fill px-1 text-center text-[10px] leading-4 font-medium text-white"
          data-testid="unread-badge"
        >
          {badge}
        </span>
      )}
    </Link>
  );
}

/** The unread count alone, as the mobile sidebar shows it beside its messages link. */
export function UnreadBadge({
  testId = 'mobile-unread-badge',
  className = '',
}: {
  testId?: string;
  className?: string;
}) {
  const badge = unreadBadge(useUnreadCount());
  if (!badge) return null;
  return (
    <span
      className={`min-w-4 animate-blink rounded-full bg-accent-fill px-1 text-center text-[10px] leading-4 font-medium text-white ${className}`}
      data-testid={testId}
    >
      {badge}
    </span>
  );
}
