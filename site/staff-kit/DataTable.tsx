/**
 * The back office's lists: a TanStack Table model drawn as the admin table (cards on a phone, each value
 * with its column's name), headings that ask the server for an order when the list sorts on the server,
 * and the pager under it. Every desk draws its list with these, so they read and behave alike.
 */
import { createColumnHelper, type ReactTable, type RowData, type TableFeatures, tableFeatures } from '@tanstack/react-table';
import { TableFrame } from './TableFrame.tsx';

/** The table features every staff list uses: none beyond the column model (the server sorts and pages). */
export const staffTable = tableFeatures({});
export type StaffTable = typeof staffTable;

/** The column helper of a staff list's rows. */
export const columnsOf = <TRow extends RowData>() => createColumnHelper<StaffTable, TRow>();

export interface ServerSort<TSort extends string> {
  /** The server sort a column asks for, if it sorts. */
  of: (columnId: string) => TSort | undefined;
  current: TSort;
  dir: 'asc' | 'desc';
  onSort: (sort: TSort) => void;
}

export function DataTable<TFeatures extends TableFeatures, TData extends RowData, TSort extends string>({
  table,
  label,
  caption,
  sort,
  rowClassName,
}: {
  table: ReactTable<TFeatures, TData>;
  label: string;
  caption: string;
  sort?: ServerSort<TSort>;
  rowClassName?: (row: TData) => string | undefined;
}) {
  return (
    <TableFrame label={label}>
      <table className="admin-table admin-table--cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const asks = sort?.of(header.column.id);
                const active = asks !== undefined && sort?.current === asks;
                return (
                  <th key={header.id} scope="col" aria-sort={active ? (sort?.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {asks !== undefined && sort ? (
                      <button type="button" className="admin-sort" onClick={() => sort.onSort(asks)}>
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">{active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClassName?.(row.original)}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} data-label={String(cell.column.columnDef.header ?? '')}>
                  <div>
                    <table.FlexRender cell={cell} />
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** 'Anterior' · 'Página N de M' · 'Siguiente', shown only when there is more than one page. */
export function Pager({ page, pages, label = 'Páginas', onPage }: { page: number; pages: number; label?: string; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pages" aria-label={label}>
      <button type="button" className="admin-button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span>
        Página {page} de {pages}
      </span>
      <button type="button" className="admin-button-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}
