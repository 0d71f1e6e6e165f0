/**
 * The table's delete dialog, loaded the first time someone deletes (it brings Headless UI's
 * Dialog, which the list page doesn't load up front: decision 010).
 *
 * One record: it first asks the server whether the record is still used
 * (GET /api/<area>/:id/delete-check), then either asks to type the name or explains why the
 * record can't be deleted, naming what uses it, with only a Close button. Several records (the
 * selection, or every record matching the list's filter): asks once, naming how many.
 * A refusal from the server (something started using the record meanwhile, 409) replaces the
 * question in the same dialog: shown once, in one place, never also as a toast or a banner.
 */
import { useEffect, useId, useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { inputClass, labelClass } from '@/components/ui/styles.ts';
import type { Filters } from '@/lib/list/list-query.ts';

export type DeleteRequest =
  { kind: 'one'; id: number; title: string } | { kind: 'many'; count: number; target: { ids: number[] } | { filter: { q?: string; filters?: Filters } } };

export interface DeleteDialogProps {
  request: DeleteRequest;
  /** `/api/<area>` */
  base: string;
  /** "Brand", "brands": as they read in a sentence. */
  singular: string;
  plural: string;
  onDeleted: (message: string) => void | Promise<void>;
  onClose: () => void;
}

interface Refusal {
  message: string;
  details: string[];
}

type Phase = 'checking' | 'confirm' | 'deleting' | 'refused';

export default function DeleteDialog({ request, base, singular, plural, onDeleted, onClose }: DeleteDialogProps) {
  const one = request.kind === 'one' ? request : null;
  const [phase, setPhase] = useState<Phase>(one ? 'checking' : 'confirm');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const close = onClose;

  const refuse = (e: unknown) => {
    // A 409 lists the records in use by id; the message already names a single one.
    const details = e instanceof ApiError && e.status === 409 ? Object.values(e.fieldErrors).flat() : [];
    setRefusal({ message: (e as Error).message, details: one ? [] : details });
    setPhase('refused');
  };

  useEffect(() => {
    if (!one) return;
    const controller = new AbortController();
    api
      .get<{ data: { deletable: boolean } & Refusal }>(`${base}/${one.id}/delete-check`, undefined, controller.signal)
      .then(({ data }) => {
        if (data.deletable) setPhase('confirm');
        else {
          setRefusal({ message: data.message, details: data.details });
          setPhase('refused');
        }
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) refuse(e);
      });
    return () => controller.abort();
  }, []);

  const busy = phase === 'deleting';
  const ready = phase === 'confirm' && (!one || typed === one.title);
  const confirm = async () => {
    if (!ready) return;
    setPhase('deleting');
    try {
      const res = one
        ? await api.delete<{ message: string }>(`${base}/${one.id}`)
        : await api.post<{ message: string }>(`${base}/bulk-delete`, request.kind === 'many' ? request.target : undefined);
      close();
      await onDeleted(res.message);
    } catch (e) {
      refuse(e);
    }
  };

  const many = request.kind === 'many' ? request : null;
  const title =
    phase === 'refused'
      ? one
        ? `Can't delete this ${singular}`
        : 'Nothing was deleted'
      : one
        ? `Delete ${singular}`
        : `Delete ${many!.count} ${many!.count === 1 ? singular : plural}?`;
  const message =
    phase === 'refused'
      ? refusal!.message
      : phase === 'checking'
        ? `Checking whether "${one!.title}" is still used…`
        : one
          ? `"${one.title}" will be deleted. This cannot be undone.`
          : `${'ids' in many!.target ? `The ${many!.count} selected` : `All ${many!.count} matching`} ${many!.count === 1 ? singular : plural} will be deleted. This cannot be undone. If any of them is still in use, none is deleted.`;

  return (
    <Dialog
      open
      onClose={() => !busy && close()}
      title={title}
      description={message}
      size="sm"
      hideClose
      footer={
        phase === 'refused' ? (
          <Button variant="outline" onClick={close} autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={close} disabled={busy} autoFocus={!one}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm} disabled={!ready} loading={busy || phase === 'checking'}>
              Delete
            </Button>
          </>
        )
      }
    >
      {phase === 'refused' && refusal!.details.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Still in use">
          {refusal!.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {one && (phase === 'confirm' || phase === 'deleting') && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <label htmlFor={inputId} className={labelClass}>
            Type <strong className="font-semibold">{one.title}</strong> to confirm
          </label>
          <input
            id={inputId}
            className={`${inputClass} mt-1`}
            value={typed}
            placeholder="Please type the name"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            disabled={busy}
            onChange={(e) => setTyped(e.target.value)}
          />
        </form>
      )}
    </Dialog>
  );
}
