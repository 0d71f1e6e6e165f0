/**
 * POST /api/orders/:id/sub-orders/:subId/transitions { action, version, reason?, delivery_partner_id?, awb? }
 * (orders:update): one move of the sub-order's state machine (src/features/orders/order-status.ts).
 * A vendor moves only their own (404 otherwise) and only a vendor's moves (403); a move the state
 * doesn't allow, or a stale version, is a 409 naming the current state and the allowed actions.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { forbidden, notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { transitionSchema } from '@/features/orders/order.schema.ts';
import { moverKindOf, vendorOf } from '@/features/orders/order-details.server.ts';
import { moveSubOrder } from '@/app/orders/order-transitions.server.ts';
import { TRANSITIONS } from '@/features/orders/order-status.ts';

export const POST = endpoint(async (context) => {
  const orderId = idParam(context);
  const rawSub = context.params.subId;
  if (!isRecordId(rawSub)) throw notFound();
  const input = await readInput(context.request, transitionSchema);
  const principal = context.locals.principal!;
  const kind = moverKindOf(principal);
  if (!kind) throw forbidden('Moving an order needs the orders:update permission.');
  const moved = await moveSubOrder(
    db(),
    { kind, vendorId: vendorOf(principal), userId: principal.user.id, label: principal.user.name, actor: context.locals.actor },
    orderId,
    Number(rawSub),
    input,
  );
  return json({ message: `${moved.number}: ${TRANSITIONS[input.action].label.toLowerCase()} done.`, data: moved });
});
