/**
 * The sub-order state machine (issue 17 §2, docs/orders.md "States"), as data: every action, the
 * states it starts from, where it goes, who may take it and what it does to stock. Pure: the
 * server (order-transitions.server.ts) enforces it, the details page draws its buttons from it, and
 * tests/unit/order-status.test.ts checks the table.
 *
 * No server imports: islands read this too.
 */

export const SUB_ORDER_STATUSES = [
  { value: 'placed', label: 'Placed' },
  { value: 'on_hold', label: 'On hold' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'packed', label: 'Packed' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'rto', label: 'RTO (returned to origin)' },
  { value: 'return_requested', label: 'Return requested' },
  { value: 'return_approved', label: 'Return approved' },
  { value: 'return_rejected', label: 'Return rejected' },
  { value: 'return_received', label: 'Return received' },
  { value: 'refunded', label: 'Refunded' },
] as const;

export type SubOrderStatus = (typeof SUB_ORDER_STATUSES)[number]['value'];

/** The order's own status: a sub-order status when they agree, or one of these when they don't. */
export const ORDER_STATUSES = [
  ...SUB_ORDER_STATUSES,
  { value: 'partially_shipped', label: 'Partially shipped' },
  { value: 'partially_delivered', label: 'Partially delivered' },
  { value: 'partially_returned', label: 'Partially returned' },
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number]['value'];

/** Who takes an action: the sub-order's vendor, staff with orders:update, or the customer (storefront API). */
export type ActorKind = 'vendor' | 'staff' | 'customer';

/** What the action does to the sub-order's reserved stock (stock.server.ts). */
export type StockEffect = 'none' | 'ship' | 'release' | 'restock';

export interface Transition {
  action: TransitionAction;
  label: string;
  from: readonly SubOrderStatus[];
  to: SubOrderStatus;
  by: readonly ActorKind[];
  stock: StockEffect;
  /** A reason the person must give (cancel, reject a return, hold). */
  needsReason?: boolean;
  /** A delivery partner serving the pincode and an AWB. */
  needsShipment?: boolean;
}

export const TRANSITION_ACTIONS = [
  'confirm',
  'hold',
  'pack',
  'ship',
  'deliver',
  'cancel',
  'rto',
  'request_return',
  'approve_return',
  'reject_return',
  'receive_return',
  'refund',
] as const;
export type TransitionAction = (typeof TRANSITION_ACTIONS)[number];

const BEFORE_SHIPPING = ['placed', 'on_hold', 'confirmed', 'packed'] as const;

export const TRANSITIONS: Readonly<Record<TransitionAction, Transition>> = {
  confirm: { action: 'confirm', label: 'Confirm', from: ['placed', 'on_hold'], to: 'confirmed', by: ['vendor', 'staff'], stock: 'none' },
  hold: { action: 'hold', label: 'Put on hold', from: ['placed', 'confirmed'], to: 'on_hold', by: ['staff'], stock: 'none', needsReason: true },
  pack: { action: 'pack', label: 'Mark packed', from: ['confirmed'], to: 'packed', by: ['vendor', 'staff'], stock: 'none' },
  ship: { action: 'ship', label: 'Ship', from: ['packed'], to: 'shipped', by: ['vendor', 'staff'], stock: 'ship', needsShipment: true },
  deliver: { action: 'deliver', label: 'Mark delivered', from: ['shipped'], to: 'delivered', by: ['staff'], stock: 'none' },
  cancel: {
    action: 'cancel',
    label: 'Cancel',
    from: BEFORE_SHIPPING,
    to: 'cancelled',
    by: ['vendor', 'staff', 'customer'],
    stock: 'release',
    needsReason: true,
  },
  rto: { action: 'rto', label: 'Mark RTO', from: ['shipped'], to: 'rto', by: ['staff'], stock: 'restock', needsReason: true },
  request_return: {
    action: 'request_return',
    label: 'Request return',
    from: ['delivered'],
    to: 'return_requested',
    by: ['staff', 'customer'],
    stock: 'none',
    needsReason: true,
  },
  approve_return: { action: 'approve_return', label: 'Approve return', from: ['return_requested'], to: 'return_approved', by: ['staff'], stock: 'none' },
  reject_return: {
    action: 'reject_return',
    label: 'Reject return',
    from: ['return_requested'],
    to: 'return_rejected',
    by: ['staff'],
    stock: 'none',
    needsReason: true,
  },
  receive_return: {
    action: 'receive_return',
    label: 'Return received',
    from: ['return_approved'],
    to: 'return_received',
    by: ['vendor', 'staff'],
    stock: 'restock',
  },
  refund: { action: 'refund', label: 'Refund', from: ['return_received'], to: 'refunded', by: ['staff'], stock: 'none' },
};

export const statusLabel = (status: string): string => ORDER_STATUSES.find((s) => s.value === status)?.label ?? status;

export function isTransitionAction(value: string): value is TransitionAction {
  return (TRANSITION_ACTIONS as readonly string[]).includes(value);
}

/** The actions open from `status` to `actor`, in the table's order. */
export function allowedActions(status: string, actor: ActorKind): Transition[] {
  return TRANSITION_ACTIONS.map((a) => TRANSITIONS[a]).filter((t) => (t.from as readonly string[]).includes(status) && t.by.includes(actor));
}

/** The state the action reaches from `status`, or null when the table has no such move. */
export function nextStatus(status: string, action: TransitionAction): SubOrderStatus | null {
  const t = TRANSITIONS[action];
  return (t.from as readonly string[]).includes(status) ? t.to : null;
}

const BEFORE_SHIPPING_SET = new Set<string>(BEFORE_SHIPPING);
const RETURN_FLOW = new Set<string>(['return_requested', 'return_approved', 'return_rejected', 'return_received', 'refunded']);

/**
 * The order's status from its sub-orders': cancelled ones don't count unless all are cancelled; the
 * rest agreeing give their status; a mix of not yet shipped and shipped is "partially shipped"; a
 * mix after shipping is "partially returned" when any is in the return flow, "partially delivered"
 * while some are still on their way. Before shipping, a sub-order on hold holds the order; otherwise
 * the least advanced leads.
 */
export function deriveOrderStatus(subStatuses: readonly string[]): OrderStatus {
  if (!subStatuses.length) return 'placed';
  const live = subStatuses.filter((s) => s !== 'cancelled');
  if (!live.length) return 'cancelled';
  if (live.every((s) => s === live[0])) return live[0] as OrderStatus;
  const before = live.filter((s) => BEFORE_SHIPPING_SET.has(s));
  if (before.length && before.length < live.length) return 'partially_shipped';
  if (before.length) {
    if (before.includes('on_hold')) return 'on_hold';
    for (const s of BEFORE_SHIPPING) if (before.includes(s)) return s;
  }
  if (live.some((s) => RETURN_FLOW.has(s))) return 'partially_returned';
  if (live.includes('shipped')) return 'partially_delivered';
  return 'delivered';
}

/** The lists of the spec (§2) as sub-order status sets. */
export const LIST_STATUSES = {
  all: null,
  pending: ['placed', 'confirmed', 'packed'],
  shipped: ['shipped'],
  cancelled: ['cancelled', 'rto'],
} as const satisfies Record<string, readonly SubOrderStatus[] | null>;

/**
 * What a person viewing an order has in front of them, as one string: the sub-orders they see and the
 * state and version of each. The details page renders it; the realtime `order` message carries it for
 * the same person, so the page knows it is behind when the two differ (a transition, a note does not).
 */
export function orderLiveStamp(subOrders: readonly { id: number; status: string; version: number }[]): string {
  return [...subOrders]
    .sort((a, b) => a.id - b.id)
    .map((s) => `${s.id}:${s.status}:${s.version}`)
    .join(',');
}
