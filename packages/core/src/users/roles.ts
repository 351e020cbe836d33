/** Muted now? `forbiddenEndTime` -1 is permanent; a timed mute ends by itself. */
export function isMuted(
  user: { forbiddenEndTime?: number | null } | null | undefined,
  now = Date.now(),
): boolean {
  const end = user?.forbiddenEndTime ?? 0;
  return end === -1 || end > now;
}
