/**
 * Vendor scoping in SQL, derived from the CASL ability (ability.ts): the conditions of the rules
 * that allow `action` on an area become the WHERE clause, so the ability check and the query can't
 * disagree. For a vendor account a vendor-owned area's rules say `vendorId = <the vendor>`; staff
 * rules have no conditions (no clause). Another vendor's record is then simply not found (404),
 * which also hides whether it exists.
 */
import { and, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rulesToAST, rulesToFields } from '@casl/ability/extra';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { buildAbility, type AppAbility } from './ability.ts';

/** A cached principal is the same object from request to request: so is its CASL ability. */
const abilities = new WeakMap<Principal, AppAbility>();
const guestAbility = buildAbility([]);

export function abilityOf(p: Principal | null): AppAbility {
  if (!p) return guestAbility;
  let ability = abilities.get(p);
  if (!ability) {
    const owner = p.user.userType === 'vendor' ? { userType: 'vendor' as const, vendorId: p.user.vendorId } : { userType: 'staff' as const };
    abilities.set(p, (ability = buildAbility(p.abilities, owner)));
  }
  return ability;
}

/** CASL's condition tree (@ucast), as rulesToAST answers it. */
interface ConditionNode {
  operator: string;
  field?: string;
  value: unknown;
}

/** The SQL for one condition node; `columns` maps a record property to its column. Unknown operators fail loudly. */
function conditionSql(node: ConditionNode, columns: Record<string, PgColumn>): SQL | undefined {
  const column = () => {
    const c = node.field ? columns[node.field] : undefined;
    if (!c) throw new Error(`An ability condition names "${node.field}", which is not a column of the table.`);
    return c;
  };
  switch (node.operator) {
    case 'and':
      return and(...(node.value as ConditionNode[]).map((n) => conditionSql(n, columns)));
    case 'or':
      return or(...(node.value as ConditionNode[]).map((n) => conditionSql(n, columns)));
    case 'eq':
      return eq(column(), node.value);
    case 'ne':
      return ne(column(), node.value);
    case 'in':
      return inArray(column(), node.value as unknown[]);
    default:
      throw new Error(`Ability condition operator "${node.operator}" has no SQL translation.`);
  }
}

/**
 * The WHERE clause limiting `subject`'s rows to those `ability` allows `action` on: undefined when
 * every row is allowed, `false` when none is (no rule grants the action).
 */
export function accessibleWhere(ability: AppAbility, action: string, subject: string, columns: Record<string, PgColumn>): SQL | undefined {
  const ast = rulesToAST(ability, action, subject) as ConditionNode | null;
  if (!ast) return sql`false`;
  return conditionSql(ast, columns);
}

/**
 * The values a record must hold for `ability` to allow `action` on it (`{ vendorId: 7 }` for a
 * vendor, nothing for staff): what the server sets on what a vendor saves, whatever the form sent.
 */
export const requiredValues = (ability: AppAbility, action: string, subject: string): Record<string, unknown> => rulesToFields(ability, action, subject);

/**
 * For queries outside a resource (products, the dashboard's counts): the rows of a vendor-owned
 * area that `principal` may take `action` on — the action the route's own permission names, so a
 * role holding only `orders:pending-list` (or only `orders:view`) still gets its rows.
 */
export function vendorScope(principal: Principal | null, subject: string, table: PgTable, action = 'list'): SQL | undefined {
  return accessibleWhere(abilityOf(principal), action, subject, getTableColumns(table));
}
