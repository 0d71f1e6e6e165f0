/**
 * Confirmation requests from anywhere (vanilla scripts included): `askConfirm({...})`.
 * The app layout's shell island shows them with <ConfirmDialog/>. While `onConfirm` runs
 * the confirm button is disabled (spec §5); the dialog closes when it settles.
 */
import { atom } from 'nanostores';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button stays disabled until exactly this text is typed. */
  confirmationText?: string;
  placeholder?: string;
  danger?: boolean;
  /** Ask for a reason (required, at most `maxLength`): confirm stays disabled until one is written; onConfirm receives it. */
  reason?: { label: string; maxLength?: number };
  onConfirm: (reason?: string) => void | Promise<void>;
  onCancel?: () => void;
}

export const $confirm = atom<ConfirmRequest | null>(null);

export function askConfirm(request: ConfirmRequest): void {
  $confirm.set(request);
}

export function closeConfirm(): void {
  $confirm.set(null);
}
