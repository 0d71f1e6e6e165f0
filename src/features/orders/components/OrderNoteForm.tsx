/** The details page's internal note: one textarea, posted through the one form mechanism; the page reloads to show it in order. */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { FormAlert, TextareaField } from '@/components/ui/fields.tsx';
import { lazySchema, useFormSubmission } from '@/components/form/use-form-submission.ts';
import { flashToast, showFlashToast } from '@/components/form/flash-toast.ts';

const schema = lazySchema(async () => (await import('@/features/orders/order.schema.ts')).orderNoteSchema);

export default function OrderNoteForm({ orderId }: { orderId: number }) {
  const [body, setBody] = useState('');
  const form = useFormSubmission();
  // The page reloads after a move or a note: the toast left for it is shown here, once.
  useEffect(() => showFlashToast(), []);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.check(schema, { body })) return;
    const sent = await form.send<{ message: string }>(`/api/orders/${orderId}/notes`, { body: { body } });
    if (!sent.ok) return form.showRefusal(sent.error);
    flashToast({ severity: 'success', summary: 'Note added' });
    window.location.reload();
  };
  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="space-y-3">
      {form.message && <FormAlert>{form.message}</FormAlert>}
      <TextareaField
        id="order-note"
        label="Add an internal note"
        hint="Seen by staff and this order’s vendors, never by the customer."
        rows={3}
        required
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          form.clearError('body');
        }}
        error={form.errors.body}
      />
      <Button type="submit" size="sm" loading={form.submitting}>
        Add note
      </Button>
    </form>
  );
}
