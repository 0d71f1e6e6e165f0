/**
 * Customer Feedback: the shared DataTable, with the rating as stars (and its number for screen
 * readers) and the title opening the review's details page.
 */
import DataTable, { type DataTableProps } from '@/components/data-table/DataTable.tsx';
import { stars } from '@/features/reviews/review-rules.ts';

const link = 'text-primary underline underline-offset-2 hover:no-underline';

export default function ReviewsTable(props: DataTableProps) {
  return (
    <DataTable
      {...props}
      renderCell={{
        rating: (r) => (
          <span className="whitespace-nowrap text-amber-600 dark:text-amber-400" title={`${String(r.rating)} out of 5`}>
            <span aria-hidden="true">{stars(Number(r.rating))}</span>
            <span className="sr-only">{`${String(r.rating)} out of 5`}</span>
          </span>
        ),
        title: (r) => (
          <a className={link} href={`/reviews/${String(r.id)}/details`}>
            {String(r.title)}
          </a>
        ),
      }}
    />
  );
}
