/**
 * A sub-order's moves on the order details page: one button per action open now (the server's
 * list: src/features/orders/order-status.ts), each opening a dialog that asks what the move needs
 * (a reason; a delivery partner serving the pincode and the AWB for shipping), then posts it with
 * the sub-order's version through the one form mechanism. A 409 (someone moved it meanwhile) is
 * shown as it comes, with a reload offered; success reloads the page, whose every part may change.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { FormAlert, SelectField, TextField, TextareaField } from '@/components/ui/fields.tsx';
import { lazySchema, useFormSubmission } from '@/components/form/use-form-submission.ts';
import { flashToast } from '@/components/form/flash-toast.ts';

export interface SubOrderAction {
  action: string;
  label: string;
  needs_reason: boolean;
  needs_shipment: boolean;
}

interface Props {
  orderId: number;
  subOrder: { id: number; number: string; version: number; actions: SubOrderAction[] };
  partners: { id: number; name: string }[];
}

const schema = lazySchema(async () => (await import('@/features/orders/order.schema.ts')).transitionSchema);

export default function OrderActions({ orderId, subOrder, partners }: Props) {
  const [open, setOpen] = useState<SubOrderAction | null>(null);
  const [reason, setReason] = useState('');
  const [partner, setPartner] = useState('');
  const [awb, setAwb] = useState('');
  const form = useFormSubmission();
  if (!subOrder.actions.length) return null;

  const start = (a: SubOrderAction) => {
    form.reset();
    setReason('');
    setAwb('');
    setPartner(partners.length === 1 ? String(partners[0]!.id) : '');
    setOpen(a);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!open) return;
    const body: Record<string, unknown> = { action: open.action, version: subOrder.version };
    if (open.needs_reason) body.reason = reason;
    if (open.needs_shipment) {
      if (partner) body.delivery_partner_id = Number(partner);
      body.awb = awb;
    }
    if (await form.check(schema, body)) return;
    if (open.needs_reason && !reason.trim()) return form.showErrors({ reason: ['Say why.'] });
    const sent = await form.send<{ message: string }>(`/api/orders/${orderId}/sub-orders/${subOrder.id}/transitions`, { body });
    if (!sent.ok) return form.showRefusal(sent.error);
    flashToast({ severity: 'success', summary: 'Done', detail: sent.data.message });
    window.location.reload();
  };

  return (
    <div className="flex flex-wrap gap-2" data-testid={`actions-${subOrder.number}`}>
      {subOrder.actions.map((a) => (
        <Button key={a.action} size="sm" variant={a.action === 'cancel' || a.action.startsWith('reject') ? 'secondary' : 'primary'} onClick={() => start(a)}>
          {a.label}
        </Button>
      ))}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${open.label}: ${subOrder.number}` : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Keep as is
            </Button>
            <Button type="submit" form={`move-${subOrder.id}`} loading={form.submitting}>
              {open?.label}
            </Button>
          </>
        }
      >
        <form id={`move-${subOrder.id}`} ref={form.formRef} noValidate onSubmit={submit} className="space-y-4">
          {form.message && <FormAlert>{form.message}</FormAlert>}
          {open?.needs_shipment && (
            <>
              <SelectField
                id={`partner-${subOrder.id}`}
                label="Delivery partner"
                required
                placeholder={partners.length ? 'Choose a partner serving this pincode' : 'No partner serves this pincode'}
                options={partners.map((p) => ({ value: String(p.id), label: p.name }))}
                value={partner}
                onChange={(e) => {
                  setPartner(e.target.value);
                  form.clearError('delivery_partner_id');
                }}
                error={form.errors.delivery_partner_id}
              />
              <TextField
                id={`awb-${subOrder.id}`}
                label="AWB (tracking number)"
                required
                value={awb}
                onChange={(e) => {
                  setAwb(e.target.value);
                  form.clearError('awb');
                }}
                error={form.errors.awb}
              />
            </>
          )}
          {open?.needs_reason && (
            <TextareaField
              id={`reason-${subOrder.id}`}
              label="Reason"
              required
              rows={3}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                form.clearError('reason');
              }}
              error={form.errors.reason}
            />
          )}
          {!open?.needs_reason && !open?.needs_shipment && <p className="text-sm">This moves {subOrder.number} on and is recorded in its timeline.</p>}
        </form>
      </Dialog>
    </div>
  );
}
