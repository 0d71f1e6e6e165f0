/** Shows the confirmation asked for through `askConfirm()` (src/lib/stores/confirm.ts). */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $confirm, closeConfirm, type ConfirmRequest } from '@/lib/stores/confirm.ts';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog.tsx';

export default function ConfirmHost() {
  const request = useStore($confirm);
  // The last request stays rendered while the dialog animates out.
  const [shown, setShown] = useState<ConfirmRequest | null>(request);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (request) {
      setShown(request);
      setLoading(false);
    }
  }, [request]);
  if (!shown) return null;
  return (
    <ConfirmDialog
      open={request !== null}
      title={shown.title}
      message={shown.message}
      confirmLabel={shown.confirmLabel}
      cancelLabel={shown.cancelLabel}
      confirmationText={shown.confirmationText}
      placeholder={shown.placeholder}
      danger={shown.danger}
      reason={shown.reason}
      loading={loading}
      onCancel={() => {
        shown.onCancel?.();
        closeConfirm();
      }}
      onConfirm={async (reason) => {
        setLoading(true);
        try {
          await shown.onConfirm(reason);
        } finally {
          setLoading(false);
          closeConfirm();
        }
      }}
    />
  );
}
