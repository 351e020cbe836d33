import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest render's `value`, for callbacks and effects that must not
 * restart when it changes (a socket listener, a click waiting for the reader).
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
