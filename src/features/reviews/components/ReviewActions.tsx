/**
 * A review's actions on its details page, those the user may take now: Publish, Reject (asks the
 * reason), Reply / Edit reply (the product's vendor), Remove reply (staff, asks why). Each opens a
 * dialog and posts through the one form mechanism with the review's version where it matters; a
 * refusal (409: someone moderated it meanwhile) is shown as it comes, success reloads the page.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { FormAlert, TextareaField } from '@/components/ui/fields.tsx';
import { useFormSubmission } from '@/components/form/use-form-submission.ts';
import { flashToast, showFlashToast } from '@/components/form/flash-toast.ts';
import { useEffect } from 'react';

interface Props {
  reviewId: number;
  title: string;
  version: number;
  status: string;
  canModerate: boolean;
  canReply: boolean;
  reply: string | null;
}

type Mode = 'publish' | 'reject' | 'reply' | 'remove-reply';

const MODES: Record<Mode, { title: string; button: string; field?: { name: string; label: string; hint?: string } }> = {
  publish: { title: 'Publish this review?', button: 'Publish' },
  reject: {
    title: 'Reject this review',
    button: 'Reject',
    field: { name: 'reason', label: 'Reason for rejecting', hint: 'Kept with the review and in its history.' },
  },
  reply: {
    title: 'Your public reply',
    button: 'Save reply',
    field: { name: 'text', label: 'Reply', hint: 'Shown under the review on the product page, with your store’s name.' },
  },
  'remove-reply': {
    title: 'Remove the vendor’s reply',
    button: 'Remove reply',
    field: { name: 'reason', label: 'Why is it removed?', hint: 'Kept in the review’s history and the activity log.' },
  },
};

export default function ReviewActions({ reviewId, title, version, status, canModerate, canReply, reply }: Props) {
  const [mode, setMode] = useState<Mode | null>(null);
  const [text, setText] = useState('');
  const form = useFormSubmission();
  useEffect(() => showFlashToast(), []);

  const start = (m: Mode) => {
    form.reset();
    setText(m === 'reply' ? (reply ?? '') : '');
    setMode(m);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!mode) return;
    const spec = MODES[mode];
    if (spec.field && !text.trim()) return form.showErrors({ [spec.field.name]: [mode === 'reply' ? 'Write the reply.' : 'Give the reason.'] });
    const url = mode === 'reply' || mode === 'remove-reply' ? `/api/reviews/${reviewId}/reply` : `/api/reviews/${reviewId}/moderate`;
    const method = mode === 'reply' ? 'PUT' : mode === 'remove-reply' ? 'DELETE' : 'POST';
    const body: Record<string, unknown> =
      mode === 'publish'
        ? { status: 'published', version }
        : mode === 'reject'
          ? { status: 'rejected', reason: text, version }
          : mode === 'reply'
            ? { text }
            : { reason: text };
    const sent = await form.send<{ message: string }>(url, { method, body });
    if (!sent.ok) return form.showRefusal(sent.error);
    flashToast({ severity: 'success', summary: 'Done', detail: sent.data.message });
    window.location.reload();
  };

  const spec = mode ? MODES[mode] : null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="review-actions">
      {canModerate && status !== 'published' && (
        <Button size="sm" onClick={() => start('publish')}>
          Publish
        </Button>
      )}
      {canModerate && status !== 'rejected' && (
        <Button size="sm" variant="secondary" onClick={() => start('reject')}>
          Reject
        </Button>
      )}
      {canReply && (
        <Button size="sm" variant={reply ? 'secondary' : 'primary'} onClick={() => start('reply')}>
          {reply ? 'Edit reply' : 'Reply'}
        </Button>
      )}
      {canModerate && reply && (
        <Button size="sm" variant="secondary" onClick={() => start('remove-reply')}>
          Remove reply
        </Button>
      )}
      <Dialog
        open={mode !== null}
        onClose={() => setMode(null)}
        title={spec?.title ?? ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setMode(null)}>
              Cancel
            </Button>
            <Button type="submit" form={`review-${reviewId}`} loading={form.submitting}>
              {spec?.button}
            </Button>
          </>
        }
      >
        <form id={`review-${reviewId}`} ref={form.formRef} noValidate onSubmit={submit} className="space-y-4">
          {form.message && <FormAlert>{form.message}</FormAlert>}
          {spec?.field ? (
            <TextareaField
              id={`review-${spec.field.name}`}
              label={spec.field.label}
              hint={spec.field.hint}
              required
              rows={4}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                form.clearError(spec.field!.name);
              }}
              error={form.errors[spec.field.name]}
            />
          ) : (
            <p className="text-sm">“{title}” will show on the product’s page and in the storefront.</p>
          )}
        </form>
      </Dialog>
    </div>
  );
}
