import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import {
  nextPercent,
  onNavigationFailure,
  PROGRESS_FADE_MS,
  PROGRESS_THROTTLE_MS,
  PROGRESS_TICK_MS,
} from './progress';

interface Bar {
  visible: boolean;
  percent: number;
  failed: boolean;
}

const hidden: Bar = { visible: false, percent: 0, failed: false };

/** A thin bar at the top during navigations that take longer than the throttle. */
export function ProgressBar() {
  const busy = useNavigation().state !== 'idle';
  const [bar, setBar] = useState<Bar>(hidden);

  useEffect(
    () =>
      onNavigationFailure(() =>
        setBar((current) => (current.visible ? { ...current, failed: true } : current)),
      ),
    [],
  );

  useEffect(() => {
    if (!busy) return;
    let tick: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      setBar({ visible: true, percent: 0, failed: false });
      tick = setInterval(
        () => setBar((current) => ({ ...current, percent: nextPercent(current.percent) })),
        PROGRESS_TICK_MS,
      );
    }, PROGRESS_THROTTLE_MS);
    return () => {
      clearTimeout(start);
      clearInterval(tick);
      setBar((current) => (current.visible ? { ...current, percent: 100 } : current));
    };
  }, [busy]);

  const finishing = bar.visible && bar.percent === 100;
  useEffect(() => {
    if (!finishing) return;
    const fade = setTimeout(() => setBar(hidden), PROGRESS_FADE_MS);
    return () => clearTimeout(fade);
  }, [finishing]);

  return (
    <div
      aria-hidden="true"
      data-testid="progress-bar"
      className="fixed top-0 left-0 z-[9999] h-[2px]"
      style={{
        width: `${bar.percent}%`,
        opacity: bar.visible && !finishing ? 1 : 0,
        backgroundColor: bar.failed ? 'var(--color-accent)' : '#ffb90f',
        transition: `width 0.1s, opacity ${PROGRESS_FADE_MS / 1000}s`,
      }}
    />
  );
}
