/** The sub-order state machine (src/features/orders/order-status.ts) as a table, and the order's derived status. */
import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  deriveOrderStatus,
  nextStatus,
  SUB_ORDER_STATUSES,
  TRANSITION_ACTIONS,
  TRANSITIONS,
  type TransitionAction,
} from '../../src/features/orders/order-status.ts';

/** Every legal move, written out once more by hand: the table must say exactly this. */
const EXPECTED: Record<TransitionAction, [from: string[], to: string]> = {
  confirm: [['placed', 'on_hold'], 'confirmed'],
  hold: [['placed', 'confirmed'], 'on_hold'],
  pack: [['confirmed'], 'packed'],
  ship: [['packed'], 'shipped'],
  deliver: [['shipped'], 'delivered'],
  cancel: [['placed', 'on_hold', 'confirmed', 'packed'], 'cancelled'],
  rto: [['shipped'], 'rto'],
  request_return: [['delivered'], 'return_requested'],
  approve_return: [['return_requested'], 'return_approved'],
  reject_return: [['return_requested'], 'return_rejected'],
  receive_return: [['return_approved'], 'return_received'],
  refund: [['return_received'], 'refunded'],
};

describe('the transition table', () => {
  it('allows exactly the listed moves from every state', () => {
    for (const action of TRANSITION_ACTIONS) {
      for (const { value: status } of SUB_ORDER_STATUSES) {
        const [from, to] = EXPECTED[action];
        expect(nextStatus(status, action), `${action} from ${status}`).toBe(from.includes(status) ? to : null);
      }
    }
  });

  it('moves stock on ship (commit), cancel (release), RTO and return received (restock) only', () => {
    const effects = Object.fromEntries(TRANSITION_ACTIONS.map((a) => [a, TRANSITIONS[a].stock]));
    expect(effects).toEqual({
      confirm: 'none',
      hold: 'none',
      pack: 'none',
      ship: 'ship',
      deliver: 'none',
      cancel: 'release',
      rto: 'restock',
      request_return: 'none',
      approve_return: 'none',
      reject_return: 'none',
      receive_return: 'restock',
      refund: 'none',
    });
  });

  it('gives a vendor confirm, pack, ship, cancel before shipping and receive returns, and nothing after the end states', () => {
    expect(allowedActions('placed', 'vendor').map((t) => t.action)).toEqual(['confirm', 'cancel']);
    expect(allowedActions('confirmed', 'vendor').map((t) => t.action)).toEqual(['pack', 'cancel']);
    expect(allowedActions('packed', 'vendor').map((t) => t.action)).toEqual(['ship', 'cancel']);
    expect(allowedActions('shipped', 'vendor')).toEqual([]);
    expect(allowedActions('return_approved', 'vendor').map((t) => t.action)).toEqual(['receive_return']);
    expect(allowedActions('shipped', 'staff').map((t) => t.action)).toEqual(['deliver', 'rto']);
    for (const end of ['cancelled', 'rto', 'refunded', 'return_rejected']) {
      expect(allowedActions(end, 'staff'), end).toEqual([]);
    }
    expect(allowedActions('placed', 'customer').map((t) => t.action)).toEqual(['cancel']);
    expect(allowedActions('delivered', 'customer').map((t) => t.action)).toEqual(['request_return']);
  });
});

describe('deriveOrderStatus', () => {
  it.each([
    [['placed'], 'placed'],
    [['shipped', 'shipped'], 'shipped'],
    [['shipped', 'packed'], 'partially_shipped'],
    [['shipped', 'cancelled'], 'shipped'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [['placed', 'confirmed'], 'placed'],
    [['on_hold', 'confirmed'], 'on_hold'],
    [['delivered', 'shipped'], 'partially_delivered'],
    [['delivered', 'return_requested'], 'partially_returned'],
    [['delivered', 'rto'], 'delivered'],
    [['refunded', 'refunded'], 'refunded'],
  ])('%j → %s', (subs, expected) => {
    expect(deriveOrderStatus(subs)).toBe(expected);
  });
});
