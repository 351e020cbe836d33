import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DURATION_MS } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a toast for 800 ms, then removes it and calls onClose', () => {
    const store = createToastStore();
    const onClose = vi.fn();
    store.show('success', '关注成功', { onClose });
    expect(store.snapshot()).toMatchObject([{ kind: 'success', message: '关注成功' }]);

    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.snapshot()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(store.snapshot()).toEqual([]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((toasts) => seen.push(toasts.length));
    store.show('error', '请先登录');
    store.show('info', '已复制');
    vi.runAllTimers();
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});
