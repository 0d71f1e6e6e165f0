/**
 * Toasts (spec §3, §4, §9): any island or script calls `toast({...})`; the one <Toaster/>
 * island in the app layout shows them top-right. Life defaults to 3000 ms; a toast with
 * `life: 0` stays until closed. The countdown stops while the pointer rests on a toast or the
 * keyboard focus is in it, and starts again with the full life when they leave: whoever is
 * reading it (or about to close it) keeps it (WCAG 2.2.1, timing adjustable).
 */
import { atom } from 'nanostores';

export type ToastSeverity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

export interface ToastOptions {
  severity?: ToastSeverity;
  summary?: string;
  detail?: string;
  /** Milliseconds before it closes by itself; 0 keeps it open. */
  life?: number;
  closable?: boolean;
  group?: string;
  id?: string;
}

export interface Toast extends Required<Pick<ToastOptions, 'severity' | 'life' | 'closable' | 'id'>> {
  summary?: string;
  detail?: string;
  group?: string;
  /** Set while the leave animation plays. */
  leaving?: boolean;
}

export const TOAST_LIFE_MS = 3000;
/** Spec §9: the leave animation lasts 0.45 s. */
export const TOAST_LEAVE_MS = 450;

export const $toasts = atom<Toast[]>([]);

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Shows a toast and returns its id. A toast with an id already shown replaces it. */
export function toast(options: ToastOptions): string {
  const id = options.id ?? `toast-${++counter}`;
  const t: Toast = {
    id,
    severity: options.severity ?? 'info',
    summary: options.summary,
    detail: options.detail,
    life: options.life ?? TOAST_LIFE_MS,
    closable: options.closable ?? true,
    group: options.group,
  };
  clearTimeout(timers.get(id));
  held.delete(id);
  $toasts.set([...$toasts.get().filter((x) => x.id !== id), t]);
  countDown(t);
  return id;
}

/** Why a toast is kept open now: the pointer rests on it, the focus is in it, or both. */
const held = new Map<string, Set<'pointer' | 'focus'>>();

function countDown(t: Toast): void {
  if (t.life > 0)
    timers.set(
      t.id,
      setTimeout(() => removeToast(t.id), t.life),
    );
}

/** Stops a toast's countdown while the pointer rests on it or the focus is in it. */
export function holdToast(id: string, by: 'pointer' | 'focus'): void {
  const reasons = held.get(id) ?? new Set();
  reasons.add(by);
  held.set(id, reasons);
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** The pointer or focus has left: once neither holds it, the toast gets its full life again. */
export function releaseToast(id: string, by: 'pointer' | 'focus'): void {
  const reasons = held.get(id);
  if (!reasons?.delete(by) || reasons.size > 0) return;
  held.delete(id);
  const t = $toasts.get().find((x) => x.id === id && !x.leaving);
  if (t) countDown(t);
}

/** Closes one toast, with its leave animation. */
export function removeToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  held.delete(id);
  if (!$toasts.get().some((t) => t.id === id && !t.leaving)) return;
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, leaving: true } : t)));
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== id)), TOAST_LEAVE_MS);
}

/** Removes the toasts of one group, or all of them when no group is given. */
export function clearToasts(group?: string): void {
  for (const t of $toasts.get()) if (group === undefined || t.group === group) removeToast(t.id);
}
