/**
 * A confirmation dialog (spec §4, §5). With `confirmationText` the confirm button stays
 * disabled until exactly that text is typed (placeholder "Please type the name" unless
 * given). Confirm is also disabled while `loading`.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from './Dialog.tsx';
import { Button } from './Button.tsx';
import { inputClass, labelClass } from './styles.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmationText?: string;
  placeholder?: string;
  loading?: boolean;
  danger?: boolean;
}

export const DEFAULT_CONFIRM_PLACEHOLDER = 'Please type the name';

export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  confirmationText,
  placeholder = DEFAULT_CONFIRM_PLACEHOLDER,
  loading = false,
  danger = false,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const needsText = confirmationText !== undefined && confirmationText !== '';
  const blocked = loading || (needsText && typed !== confirmationText);
  return (
    <Dialog
      open={open}
      onClose={() => !loading && onCancel()}
      title={title}
      description={message}
      size="sm"
      initialFocus={needsText ? inputRef : cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={blocked} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {needsText && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!blocked) onConfirm();
          }}
        >
          <label htmlFor={inputId} className={labelClass}>
            Type <strong className="font-semibold">{confirmationText}</strong> to confirm
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={`${inputClass} mt-1`}
            value={typed}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setTyped(e.target.value)}
          />
        </form>
      )}
    </Dialog>
  );
}
