/**
 * A confirmation dialog (spec §4, §5). With `confirmationText` the confirm button stays
 * disabled until exactly that text is typed (placeholder "Please type the name" unless
 * given). With `reason` it asks for a reason (a required text, passed to `onConfirm`), e.g. why
 * a review is rejected. Confirm is also disabled while `loading`.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from './Dialog.tsx';
import { Button } from './Button.tsx';
import { inputClass, labelClass } from './styles.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  onConfirm: (reason?: string) => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmationText?: string;
  placeholder?: string;
  loading?: boolean;
  danger?: boolean;
  reason?: { label: string; maxLength?: number };
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
  reason,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [why, setWhy] = useState('');
  const inputId = useId();
  const reasonId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) {
      setTyped('');
      setWhy('');
    }
  }, [open]);
  const needsText = confirmationText !== undefined && confirmationText !== '';
  const blocked = loading || (needsText && typed !== confirmationText) || (reason !== undefined && why.trim() === '');
  const confirm = () => onConfirm(reason ? why.trim() : undefined);
  return (
    <Dialog
      open={open}
      onClose={() => !loading && onCancel()}
      title={title}
      description={message}
      size="sm"
      initialFocus={needsText ? inputRef : reason ? reasonRef : cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} disabled={blocked} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {needsText && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!blocked) confirm();
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
      {reason && (
        <div>
          <label htmlFor={reasonId} className={labelClass}>
            {reason.label}
          </label>
          <textarea
            ref={reasonRef}
            id={reasonId}
            className={`${inputClass} mt-1`}
            rows={3}
            required
            maxLength={reason.maxLength ?? 500}
            value={why}
            onChange={(e) => setWhy(e.target.value)}
          />
        </div>
      )}
    </Dialog>
  );
}
