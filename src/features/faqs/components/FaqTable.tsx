/**
 * The FAQ list: the shared DataTable, with each answer shown as the storefront shows it, behind a
 * native disclosure (no script): the HTML comes from the server, rendered and link-checked there.
 * FAQs are kept in a hand-made order, so the table has its order controls (`rowOrder`).
 */
import DataTable, { type DataTableProps } from '@/components/data-table/DataTable.tsx';
import { useRowOrder } from '@/components/data-table/row-order.tsx';

export default function FaqTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      rowOrder={useRowOrder}
      renderCell={{
        answer: (row) => (
          <details className="min-w-64 max-w-xl">
            <summary className="cursor-pointer text-primary">Show answer</summary>
            {/* Rendered on the server: raw HTML escaped, only http(s), mailto and relative links. */}
            <div className="markdown mt-2" dangerouslySetInnerHTML={{ __html: String(row.answer_html ?? '') }} />
          </details>
        ),
      }}
    />
  );
}
