import './legal.css';
import type { ReactNode } from 'react';

export interface LegalTableRow {
  key: string;
  /** The first cell is the row's header; the others follow the columns after the first. */
  cells: readonly ReactNode[];
}

interface LegalTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly LegalTableRow[];
}

/**
 * A table in a legal document. Each data cell carries its column name, which narrow screens show
 * in front of the value when the rows stack into cards.
 */
export function LegalTable({ caption, columns, rows }: LegalTableProps) {
  return (
    <div className="legal-table-wrap">
      <table className="legal-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const [header, ...cells] = row.cells;
            return (
              <tr key={row.key}>
                <th scope="row">{header}</th>
                {cells.map((cell, index) => (
                  <td key={columns[index + 1]} data-label={columns[index + 1]}>
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
