-- The products count triggers (0014) update vendors from a transition table, which has no
-- statistics: the planner's guess passes jit_above_cost, and PostgreSQL compiled the UPDATE with
-- JIT on every insert into products (about 2 s against 0.1 ms; the add form and the bulk import
-- paid it). The statements are one UPDATE of a few vendors: never worth compiling.
ALTER FUNCTION "vendors_products_count_added"() SET jit = off;--> statement-breakpoint
ALTER FUNCTION "vendors_products_count_removed"() SET jit = off;--> statement-breakpoint
ALTER FUNCTION "vendors_products_count_moved"() SET jit = off;
