import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each area's own beside its code.
  schema: ['./src/lib/db/schema.ts', './src/features/*/*.tables.ts'],
  out: './drizzle',
});
