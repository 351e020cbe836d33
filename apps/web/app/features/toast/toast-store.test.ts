import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DURATION_MS } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a success for TOAST_DURATION_MS, then removes it and calls onClose', () => {
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

  it('keeps an error until the reader closes it', () => {
    const store = createToastStore();
    const onClose = vi.fn();
    const id = store.show('error', '发表失败：标题不能为空', { onClose });
    vi.advanceTimersByTime(10 * 60_000);
    expect(store.snapshot()).toMatchObject([{ kind: 'error', message: '发表失败：标题不能为空' }]);

    store.dismiss(id);
    store.dismiss(id);
    expect(store.snapshot()).toEqual([]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes an error after a duration it was given, and a success early when closed', () => {
    const store = createToastStore();
    const success = store.show('success', '已复制');
    store.show('error', '请先登录', { duration: 1500 });
    store.dismiss(success);
    expect(store.snapshot()).toMatchObject([{ message: '请先登录' }]);
    vi.advanceTimersByTime(1500);
    expect(store.snapshot()).toEqual([]);
  });

  it('takes an error away when the next success shows it was corrected', () => {
    const store = createToastStore();
    store.show('error', '请输入评论内容');
    store.show('info', '正在上传');
    store.show('success', '发布成功');
    expect(store.snapshot().map((toast) => toast.message)).toEqual(['正在上传', '发布成功']);
  });

  it('shows the same message once, however often it is raised', () => {
    const store = createToastStore();
    store.show('error', '点赞失败');
    store.show('error', '点赞失败');
    expect(store.snapshot()).toHaveLength(1);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((toasts) => seen.push(toasts.length));
    store.show('info', '已复制');
    store.show('success', '关注成功');
    vi.runAllTimers();
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});
