import type { ReactNode } from 'react';
import { LinkLogo } from './LinkLogo';

/** A list of sites or projects: each row its logo and, beside it, what `children` makes of it. */
export function LogoList<Row extends { id: number; logo: string }>({
  rows,
  testId,
  itemTestId,
  children,
}: {
  rows: Row[];
  testId: string;
  itemTestId: string;
  children: (row: Row) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-line" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.id} className="flex items-start gap-3 px-5 py-4" data-testid={itemTestId}>
          <LinkLogo logo={row.logo} size={40} />
          {children(row)}
        </li>
      ))}
    </ul>
  );
}
