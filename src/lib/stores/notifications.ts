/**
 * The signed-in user's unread notification count, shared by the bell in the top bar (plain
 * script) and the notifications page's island: marking one read there updates the bell at once.
 * null until something on the page knows better than the server-rendered badge.
 */
import { atom } from 'nanostores';

export const $unreadNotifications = atom<number | null>(null);
