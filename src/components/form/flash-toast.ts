/**
 * A toast that survives one navigation: the form saves, goes back to the list, and the list
 * shows "Brand saved." there. Kept in sessionStorage (this tab only) and shown once.
 */
import { toast, type ToastOptions } from '@/lib/stores/toast.ts';

const KEY = 'flash-toast';

export function flashToast(options: ToastOptions): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(options));
  } catch {
    toast(options); // storage blocked: show it now rather than lose it
  }
}

/** Shows the toast left by the previous page, if any. Call once on mount. */
export function showFlashToast(): void {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    toast(JSON.parse(raw) as ToastOptions);
  } catch {
    // Nothing to show.
  }
}
