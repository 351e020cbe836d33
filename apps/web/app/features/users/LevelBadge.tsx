/**
 * A user's level from points: a small "Lv.N" badge with the level's title as its tooltip, and the
 * title beside it where there is room. Nothing for an unknown level (0).
 */
export function LevelBadge({
  user: { level, levelTitle },
  withTitle = false,
  className = '',
}: {
  user: { level: number; levelTitle: string };
  withTitle?: boolean;
  className?: string;
}) {
  if (level <= 0) return null;
  return (
    <span className={`inline-flex items-center gap-1 align-middle ${className}`} data-testid="level-badge">
      <span
        title={levelTitle}
        className="rounded bg-amber-700 px-1 py-px text-[10px] leading-none font-semibold text-white"
      >
        Lv.{level}
      </span>
      {withTitle && <span className="text-xs">{levelTitle}</span>}
    </span>
  );
}
