import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { $toasts, TOAST_LEAVE_MS, clearToasts, holdToast, releaseToast, removeToast, toast } from '../../src/lib/stores/toast.ts';
import { $confirm, askConfirm, closeConfirm } from '../../src/lib/stores/confirm.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('toasts (spec §3, §4, §9)', () => {
  it('defaults to info and closable, and closes itself after 3000 ms with a 0.45 s leave animation', () => {
    const id = toast({ summary: 'Saved' });
    expect($toasts.get()).toEqual([{ id, severity: 'info', summary: 'Saved', detail: undefined, life: 3000, closable: true, group: undefined }]);
    vi.advanceTimersByTime(2999);
    expect($toasts.get()[0]!.leaving).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]!.leaving).toBe(true);
    vi.advanceTimersByTime(449);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('closes itself after the life it was given', () => {
    toast({ severity: 'success', summary: 'Success', detail: 'Logged out successfully', life: 5000 });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()[0]!.leaving).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]!.leaving).toBe(true);
  });

  it('stays while the pointer rests on it or the focus is in it, then gets its full life again', () => {
    const id = toast({ detail: 'Brand deleted.', life: 3000 });
    vi.advanceTimersByTime(2000);
    holdToast(id, 'pointer');
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()[0]!.leaving).toBeUndefined();
    holdToast(id, 'focus');
    releaseToast(id, 'pointer');
    vi.advanceTimersByTime(60_000); // the focus still holds it
    expect($toasts.get()[0]!.leaving).toBeUndefined();
    releaseToast(id, 'focus');
    vi.advanceTimersByTime(2999);
    expect($toasts.get()[0]!.leaving).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]!.leaving).toBe(true);
  });

  it('a held toast still closes when asked, and a toast kept open (life 0) is not started by a release', () => {
    const held = toast({ detail: 'held', life: 3000 });
    holdToast(held, 'focus');
    removeToast(held);
    vi.advanceTimersByTime(TOAST_LEAVE_MS);
    expect($toasts.get()).toEqual([]);
    const sticky = toast({ detail: 'sticky', life: 0 });
    holdToast(sticky, 'pointer');
    releaseToast(sticky, 'pointer');
    vi.advanceTimersByTime(60_000);
    expect($toasts.get().map((t) => t.detail)).toEqual(['sticky']);
  });

  it('stays until closed when life is 0', () => {
    const id = toast({ detail: 'sticky', life: 0 });
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    removeToast(id);
    vi.advanceTimersByTime(TOAST_LEAVE_MS);
    expect($toasts.get()).toEqual([]);
  });

  it('replaces a toast shown again with the same id', () => {
    toast({ id: 'upload', detail: '10%', life: 0 });
    toast({ id: 'upload', detail: '50%', life: 0 });
    expect($toasts.get().map((t) => t.detail)).toEqual(['50%']);
  });

  it('removes by group, or all', () => {
    toast({ group: 'a', detail: '1', life: 0 });
    toast({ group: 'b', detail: '2', life: 0 });
    toast({ detail: '3', life: 0 });
    clearToasts('a');
    vi.advanceTimersByTime(TOAST_LEAVE_MS);
    expect($toasts.get().map((t) => t.detail)).toEqual(['2', '3']);
    clearToasts();
    vi.advanceTimersByTime(TOAST_LEAVE_MS);
    expect($toasts.get()).toEqual([]);
  });
});

describe('confirm requests', () => {
  it('holds one request until closed', () => {
    const onConfirm = vi.fn();
    askConfirm({ title: 'Logout', message: 'Are you sure want to logout?', onConfirm });
    expect($confirm.get()?.title).toBe('Logout');
    closeConfirm();
    expect($confirm.get()).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
