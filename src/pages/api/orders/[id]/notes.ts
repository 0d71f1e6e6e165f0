/**
 * POST /api/orders/:id/notes { body } (orders:view: support staff add notes too): an internal note,
 * never shown to the customer; with its activity entry in the same transaction.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { orderNoteSchema } from '@/features/orders/order.schema.ts';
import { addOrderNote } from '@/features/orders/order-details.server.ts';

export const POST = endpoint(async (context) => {
  const id = idParam(context);
  const input = await readInput(context.request, orderNoteSchema);
  const note = await addOrderNote(db(), context.locals.principal!, context.locals.actor, id, input.body);
  return json({ message: 'Note added.', data: note }, { status: 201 });
});
