/**
 * The shell's browser behaviour, in plain TypeScript (no React): menu button, hover-open
 * sidebar with anchor, keyboard shortcuts, dark/light toggle, user menu, log out,
 * impersonation banner, and the right panel. Loaded by ShellScripts.astro on every app page
 * except the zero-JavaScript error pages.
 */
import {
  $layout,
  DESKTOP_BREAKPOINT,
  SIDEBAR_HIDE_DELAY_MS,
  closeSearch,
  openSearch,
  openSettings,
  setLayoutFlags,
  toggleMenu,
  type LayoutFlags,
} from '@/lib/stores/layout.ts';
import { $theme, toggleDarkTheme } from '@/lib/stores/theme.ts';
import { $confirm, askConfirm } from '@/lib/stores/confirm.ts';
import { $toasts, toast } from '@/lib/stores/toast.ts';
import { showFlashToast } from '@/components/form/flash-toast.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { $unreadNotifications } from '@/lib/stores/notifications.ts';
import { $realtime, $realtimeState } from '@/lib/stores/realtime.ts';
import { menuBadgeText } from '@/lib/navigation/menu.ts';
import { formatIstDateTime } from '@/lib/india/ist.ts';
import { currentOpener, returnFocusTo, trackPressedControls } from '@/lib/focus/opener.ts';
import type { EarlyShell } from './early-clicks.ts';

const root = document.querySelector<HTMLElement>('[data-layout]');
if (root) {
  trackPressedControls();
  start(root);
  mountIslandsWhenNeeded();
  // "Brand saved." left by the form for the page it went to: shown by the shell, on every page, as
  // the list it goes back to hydrates only when touched (decision 029).
  showFlashToast();
  replayEarlyPresses();
}

/**
 * Presses on the top bar made before this script ran were kept by the page's inline first script
 * (early-clicks.ts): they happen now, in order, so a click on Settings right after the page
 * appeared opens the panel instead of doing nothing. A search it opened is taken over.
 */
function replayEarlyPresses(): void {
  const early = (window as unknown as { __earlyShell?: EarlyShell }).__earlyShell;
  if (!early) return;
  early.started = true;
  if (early.searchOpener) showSearch(early.searchOpener);
  for (const control of early.pressed.splice(0)) if (control instanceof HTMLElement && control.isConnected) control.click();
}

/**
 * The search dialog is in the page (SearchBox.astro): opened and focused at once, inside the
 * press, so phones show the keyboard; the results island mounts through the layout store.
 */
let searchOpener: HTMLElement | null = null;
function showSearch(opener: HTMLElement | null = currentOpener()): void {
  const dialog = document.querySelector<HTMLDialogElement>('#search-dialog');
  if (!dialog) return;
  if (!dialog.open) {
    searchOpener = opener;
    dialog.showModal();
  } else searchOpener ??= opener;
  document.querySelector<HTMLInputElement>('#search-input')?.focus();
  openSearch();
}

/** A native <dialog> of the shell closes from its close button and from a click on its backdrop. */
function closeFromButtonOrBackdrop(dialog: HTMLDialogElement, closeButton: string): void {
  dialog.querySelector(closeButton)?.addEventListener('click', () => dialog.close());
  // A click on the backdrop lands on the <dialog> itself (its content fills it otherwise).
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
}

function wireSearch(root: HTMLElement): void {
  const dialog = document.querySelector<HTMLDialogElement>('#search-dialog');
  if (!dialog) return;
  root.querySelector('[data-action="search"]')?.addEventListener('click', (e) => showSearch(e.currentTarget as HTMLElement));
  closeFromButtonOrBackdrop(dialog, '[data-action="search-close"]');
  dialog.addEventListener('close', () => {
    const input = dialog.querySelector<HTMLInputElement>('#search-input');
    if (input) input.value = '';
    closeSearch();
    returnFocusTo(searchOpener);
    searchOpener = null;
  });
}

/** React (toaster, dialogs) loads the first time something needs it, not with the page. */
function mountIslandsWhenNeeded(): void {
  const stops: (() => void)[] = [];
  const mount = () => {
    // Once mounted, the island follows the stores itself.
    stops.splice(0).forEach((stop) => stop());
    void import('./mount-shell-islands.tsx').then((m) => m.mountShellIslands());
  };
  stops.push(
    $toasts.listen((list) => list.length > 0 && mount()),
    $confirm.listen((request) => request !== null && mount()),
    $layout.listen((f) => (f.configSidebarVisible || f.searchVisible) && mount()),
  );
  // A page island may have raised a toast before this script ran.
  if ($toasts.get().length > 0 || $confirm.get() !== null) mount();
}

/**
 * The bell's badge follows the unread count: live, from the tab's event stream (the stream is
 * opened here, so every page with the bell has one; src/lib/stores/realtime.ts), at once when the
 * notifications page marks some read, and, should the stream be down, when the person comes back
 * to the tab. The sidebar's queue badges follow the stream too.
 */
function followBell(root: HTMLElement): void {
  const bell = root.querySelector<HTMLAnchorElement>('[data-bell]');
  const badge = bell?.querySelector<HTMLElement>('[data-unread-badge]');
  const menuBadges = root.querySelectorAll<HTMLElement>('[data-menu-badge]');
  if ((!bell || !badge) && !menuBadges.length) return;
  $realtime.listen((message) => {
    if (!message) return;
    if (message.name === 'counts' || message.name === 'badges') showMenuBadges(menuBadges, message.data.badges);
    if (message.name === 'notifications' || (message.name === 'counts' && message.data.unread !== null)) $unreadNotifications.set(message.data.unread);
  });
  if (!bell || !badge) return;
  $unreadNotifications.subscribe((count) => {
    if (count === null) return;
    badge.hidden = count === 0;
    badge.textContent = count > 99 ? '99+' : String(count);
    bell.setAttribute('aria-label', count > 0 ? `Notifications, ${count} unread` : 'Notifications');
  });
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < 30_000 || $realtimeState.get() === 'open') return;
    checkedAt = Date.now();
    api
      .get<{ data: { unread: number } }>('/api/notifications/unread-count')
      .then((res) => $unreadNotifications.set(res.data.unread))
      .catch(() => undefined); // the badge keeps its last known count
  });
}

/**
 * Orders that move while a page shows them: the order details page's notice (`data-live-order`, with
 * the stamp of what it shows) appears when the order's stamp changes; an order list's notice
 * (`data-live-orders`) when a new order arrives. Each offers a reload rather than changing the page
 * under the person's hands (they may be in the middle of an action).
 */
function followOrders(root: HTMLElement): void {
  const details = root.querySelector<HTMLElement>('[data-live-order]');
  const list = root.querySelector<HTMLElement>('[data-live-orders]');
  if (!details && !list) return;
  let arrived = 0;
  $realtime.listen((message) => {
    if (message?.name !== 'order') return;
    const { id, number, status_label, stamp, placed } = message.data;
    if (details && String(id) === details.dataset.liveOrder && stamp !== details.dataset.liveStamp) {
      showNotice(details, `Order ${number} has changed since the page was opened (now ${status_label.toLowerCase()}).`);
    }
    if (list && placed) {
      arrived += 1;
      showNotice(list, arrived === 1 ? `New order ${number} has arrived.` : `${arrived} new orders have arrived.`);
    }
  });
}

function showNotice(notice: HTMLElement, text: string): void {
  const line = notice.querySelector<HTMLElement>('[data-live-text]');
  if (line) line.textContent = text;
  notice.hidden = false;
}

/** The sidebar's queue counts (Sidebar.astro draws one badge per visible queue, hidden at 0). */
function showMenuBadges(badges: NodeListOf<HTMLElement>, counts: Record<string, number>): void {
  for (const el of badges) {
    const count = counts[el.dataset.menuBadge ?? ''];
    if (count === undefined) continue;
    const text = menuBadgeText(count);
    el.hidden = count === 0;
    if (el.firstChild?.nodeType === Node.TEXT_NODE) el.firstChild.textContent = text;
    else el.prepend(text);
    el.title = `${text} ${el.dataset.badgeLabel ?? ''}`.trim();
    // The link is described by its badge only while the badge shows.
    const link = el.parentElement?.querySelector('a');
    if (count === 0) link?.removeAttribute('aria-describedby');
    else link?.setAttribute('aria-describedby', el.id);
  }
}

function start(root: HTMLElement): void {
  followBell(root);
  followOrders(root);
  const sidebar = root.querySelector<HTMLElement>('[data-sidebar]')!;
  const menuButton = root.querySelector<HTMLButtonElement>('[data-action="menu-toggle"]');
  const anchorButton = root.querySelector<HTMLButtonElement>('[data-action="anchor"]');
  const darkButton = root.querySelector<HTMLButtonElement>('[data-action="dark-toggle"]');
  const mode = () => $theme.get().menuMode;
  const isDesktop = () => window.innerWidth > DESKTOP_BREAKPOINT;
  const opensOnHover = () => isDesktop() && (mode() === 'reveal' || mode() === 'drawer');

  function menuShown(f: LayoutFlags): boolean {
    if (mode() === 'overlay') return f.overlayMenuActive;
    return isDesktop() ? !f.staticMenuDesktopInactive : f.staticMenuMobileActive;
  }

  $layout.subscribe((f) => {
    root.classList.toggle('is-static-inactive', f.staticMenuDesktopInactive);
    root.classList.toggle('is-overlay-active', f.overlayMenuActive);
    root.classList.toggle('is-mobile-active', f.staticMenuMobileActive);
    root.classList.toggle('is-sidebar-active', f.sidebarActive);
    root.classList.toggle('is-anchored', f.anchored);
    menuButton?.setAttribute('aria-expanded', String(menuShown(f)));
    anchorButton?.setAttribute('aria-pressed', String(f.anchored));
    anchorButton?.setAttribute('aria-label', f.anchored ? 'Let the menu close by itself' : 'Keep the menu open');
  });
  $theme.subscribe((t) => darkButton?.setAttribute('aria-pressed', String(t.darkTheme)));

  // --- Menu button, mask, Escape, resize (spec §4) ---
  menuButton?.addEventListener('click', () => toggleMenu(mode()));
  root.querySelector('[data-mask]')?.addEventListener('click', () => setLayoutFlags({ overlayMenuActive: false, staticMenuMobileActive: false }));
  let wasDesktop = isDesktop();
  window.addEventListener('resize', () => {
    if (isDesktop() === wasDesktop) return;
    wasDesktop = isDesktop();
    setLayoutFlags({ staticMenuMobileActive: false, overlayMenuActive: false, sidebarActive: false });
  });

  // --- Hover-open sidebar with an anchor (spec §2): reveal and drawer modes ---
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    clearTimeout(hideTimer);
    if (opensOnHover() && !$layout.get().anchored && !$layout.get().sidebarActive) setLayoutFlags({ sidebarActive: true });
  };
  const closeSoon = () => {
    clearTimeout(hideTimer);
    if ($layout.get().sidebarActive) hideTimer = setTimeout(() => setLayoutFlags({ sidebarActive: false }), SIDEBAR_HIDE_DELAY_MS);
  };
  sidebar.addEventListener('mouseenter', open);
  sidebar.addEventListener('mouseleave', () => {
    if (!sidebar.contains(document.activeElement)) closeSoon();
  });
  sidebar.addEventListener('focusin', open);
  sidebar.addEventListener('focusout', (e) => {
    if (!sidebar.contains(e.relatedTarget as Node | null) && !sidebar.matches(':hover')) closeSoon();
  });
  anchorButton?.addEventListener('click', () => {
    const anchored = !$layout.get().anchored;
    // Un-anchoring under the pointer keeps it open until the pointer leaves.
    setLayoutFlags({ anchored, sidebarActive: !anchored });
  });

  // --- Compact mode: labels as tooltips next to the icons ---
  const tooltip = document.createElement('div');
  tooltip.className = 'menu-tooltip';
  tooltip.setAttribute('aria-hidden', 'true');
  tooltip.hidden = true;
  document.body.append(tooltip);
  const showTooltip = (e: Event) => {
    const link = (e.target as Element).closest<HTMLElement>('.menu-link');
    if (!link || !isDesktop() || mode() !== 'compact') return;
    const r = link.getBoundingClientRect();
    tooltip.textContent = link.dataset.label ?? '';
    tooltip.style.left = `${r.right + 8}px`;
    tooltip.style.top = `${r.top + r.height / 2}px`;
    tooltip.hidden = false;
  };
  const hideTooltip = () => (tooltip.hidden = true);
  sidebar.addEventListener('mouseover', showTooltip);
  sidebar.addEventListener('focusin', showTooltip);
  sidebar.addEventListener('mouseleave', hideTooltip);
  sidebar.addEventListener('focusout', hideTooltip);
  sidebar.querySelector('.layout-menu')?.addEventListener('scroll', hideTooltip, { passive: true });

  // --- Horizontal mode: drop-downs open on hover/focus (CSS); keep aria-expanded honest ---
  for (const group of sidebar.querySelectorAll<HTMLElement>('.menu-group:not([data-single])')) {
    const toggle = group.querySelector<HTMLButtonElement>('.menu-group-toggle')!;
    const sync = () =>
      toggle.setAttribute('aria-expanded', String(!group.hasAttribute('data-closed') && (group.matches(':hover') || group.contains(document.activeElement))));
    group.addEventListener('mouseenter', () => {
      group.removeAttribute('data-closed');
      sync();
    });
    group.addEventListener('mouseleave', () => queueMicrotask(sync));
    group.addEventListener('focusin', sync);
    group.addEventListener('focusout', (e) => {
      if (!group.contains(e.relatedTarget as Node | null)) {
        group.removeAttribute('data-closed');
        toggle.setAttribute('aria-expanded', 'false');
      }
    });
    toggle.addEventListener('click', () => {
      group.toggleAttribute('data-closed', toggle.getAttribute('aria-expanded') === 'true');
      sync();
    });
    group.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || mode() !== 'horizontal') return;
      group.setAttribute('data-closed', '');
      toggle.focus();
      sync();
    });
  }

  // --- Top bar ---
  root.querySelector('[data-action="back"]')?.addEventListener('click', () => history.back());
  darkButton?.addEventListener('click', () => toggleDarkTheme());
  root.querySelector('[data-action="settings"]')?.addEventListener('click', () => openSettings());
  wireSearch(root);
  if (/Mac|iPhone|iPad/.test(navigator.platform)) {
    const label = root.querySelector('[data-shortcut-label]');
    if (label) label.textContent = '⌘ K';
  }
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      showSearch();
    } else if (e.key === 'Escape') {
      const f = $layout.get();
      if (f.overlayMenuActive || f.staticMenuMobileActive) {
        setLayoutFlags({ overlayMenuActive: false, staticMenuMobileActive: false });
        menuButton?.focus();
      }
    }
  });

  wireUserMenu(root);
  wireImpersonation(root);
  wireRightPanel(root);
}

function wireUserMenu(root: HTMLElement): void {
  const details = root.querySelector<HTMLDetailsElement>('[data-user-menu]');
  if (!details) return;
  const summary = details.querySelector('summary')!;
  document.addEventListener('click', (e) => {
    if (details.open && !details.contains(e.target as Node)) details.open = false;
  });
  details.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && details.open) {
      details.open = false;
      summary.focus();
    }
  });
  // Log out is a plain form (it works before this script and without it); here it asks first (spec §2).
  details.querySelector<HTMLFormElement>('[data-logout-form]')?.addEventListener('submit', (e) => {
    e.preventDefault();
    details.open = false;
    askConfirm({
      title: 'Logout',
      message: 'Are you sure want to logout?',
      confirmLabel: 'Yes',
      cancelLabel: 'No',
      onConfirm: logOut,
    });
  });
}

/** Spec §4, §8: log out, clear everything the browser kept, and leave with no way back. */
async function logOut(): Promise<void> {
  try {
    await api.post('/logout');
  } catch {
    toast({ severity: 'error', summary: 'Error', detail: 'An error occurred while logging out', life: 3000 });
    return;
  }
  toast({ severity: 'success', summary: 'Success', detail: 'Logged out successfully', life: 3000 });
  localStorage.clear();
  sessionStorage.clear();
  // The sign-in page has no JavaScript: it renders this toast itself from the parameter.
  location.replace('/auth/login?logged_out=1');
}

function wireImpersonation(root: HTMLElement): void {
  const banner = root.querySelector<HTMLElement>('[data-impersonation-banner]');
  if (!banner) return;
  // Spec §4: on load while impersonating, check; if the check fails the banner goes.
  api.post('/api/impersonate-check').catch(() => {
    banner.hidden = true;
  });
  const leave = banner.querySelector<HTMLButtonElement>('[data-action="impersonate-leave"]');
  leave?.addEventListener('click', async () => {
    leave.disabled = true;
    try {
      await api.post('/api/impersonate-leave');
      location.assign('/dashboard');
    } catch (e) {
      // Spec §8: a failed leave only logs the server's message.
      console.error(e instanceof ApiError ? e.message : e);
      leave.disabled = false;
    }
  });
}

interface ActivityEntry {
  id: number;
  at: string;
  area: string;
  action: string;
  record_id: string | number | null;
  /** "Brand Indigo Loom", and the diff's fields as the form labels them (src/app/activity/activity-entries.server.ts). */
  record_label?: string;
  field_labels?: Record<string, string>;
  changes: Record<string, unknown> | null;
}

function wireRightPanel(root: HTMLElement): void {
  const dialog = document.querySelector<HTMLDialogElement>('#right-panel');
  const openButton = root.querySelector<HTMLButtonElement>('[data-action="right-panel"]');
  if (!dialog || !openButton) return;
  const status = dialog.querySelector<HTMLElement>('[data-activity-status]')!;
  const list = dialog.querySelector<HTMLOListElement>('[data-activity-list]')!;
  const template = dialog.querySelector<HTMLTemplateElement>('[data-activity-item]')!;
  let loading: AbortController | undefined;

  openButton.addEventListener('click', () => {
    dialog.showModal();
    setLayoutFlags({ rightMenuVisible: true });
    void load();
  });
  closeFromButtonOrBackdrop(dialog, '[data-action="right-panel-close"]');
  dialog.addEventListener('close', () => {
    loading?.abort();
    setLayoutFlags({ rightMenuVisible: false });
    openButton.focus();
  });

  async function load(): Promise<void> {
    loading?.abort();
    loading = new AbortController();
    status.hidden = false;
    status.textContent = 'Loading…';
    try {
      const { data } = await api.get<{ data: ActivityEntry[] }>('/api/activity/mine', undefined, loading.signal);
      render(data ?? []);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      list.hidden = true;
      status.textContent = `Your activity could not be loaded: ${e instanceof ApiError ? e.message : 'unexpected error'}. Close the panel and open it again to retry.`;
    }
  }

  function render(entries: ActivityEntry[]): void {
    list.replaceChildren();
    if (entries.length === 0) {
      list.hidden = true;
      status.textContent = 'Nothing yet. Changes you make (and sign-ins) will be listed here.';
      return;
    }
    for (const entry of entries) {
      const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
      const field = (name: string) => item.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
      field('summary').textContent = describe(entry);
      const time = field('at') as HTMLTimeElement;
      time.dateTime = entry.at;
      // The product's one time format: the same text as the lists and the activity log.
      time.textContent = formatIstDateTime(entry.at);
      const changed = entry.changes ? Object.keys(entry.changes).map((key) => entry.field_labels?.[key] ?? key) : [];
      if (changed.length > 0) field('changes').textContent = `Changed: ${changed.join(', ')}`;
      else field('changes').remove();
      list.append(item);
    }
    status.hidden = true;
    list.hidden = false;
  }
}

function describe(e: ActivityEntry): string {
  const action = e.action.replace(/[-_]/g, ' ');
  const area = e.area.replace(/[-_]/g, ' ');
  const record = e.record_label ?? (e.record_id !== null && e.record_id !== undefined && e.record_id !== '' ? `${area} #${e.record_id}` : area);
  return `${action.charAt(0).toUpperCase()}${action.slice(1)} · ${record}`;
}
