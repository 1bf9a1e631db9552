import type { ReactNode } from 'react';
import { TableFrame } from './TableFrame.tsx';

/**
 * A read-only table of cells as the back office draws them (cards on a phone, each value with its
 * column's name): for the short lists inside a screen (a booking's payments, an agency's bookings) where
 * the column model of a desk (DataTable) would be more than the list needs.
 */
export function CellTable({
  label,
  head,
  rows,
  caption,
  keys,
  rowClassName,
}: {
  label: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  caption?: string;
  /** A key per row, when rows can move (their order changes); by position otherwise. */
  keys?: readonly string[];
  rowClassName?: (index: number) => string | undefined;
}) {
  return (
    <TableFrame label={label}>
      <table className="admin-table admin-table--cards">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={keys?.[i] ?? i} className={rowClassName?.(i)}>
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                <td key={j} data-label={head[j]}>
                  <div>{cell}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
