import type { ReactNode } from 'react';

/** The white (dark: #272727) panel every block of the forum sits in. */
export function Card({
  title,
  extra,
  children,
  className = '',
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-lg bg-card shadow-[0_1px_2px_rgba(0,0,0,0.04)] ${className}`}>
      {title && (
        <header className="flex items-center justify-between border-b border-line px-4 py-3">
          <h2 className="text-[15px] font-semibold text-body">{title}</h2>
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}

export function EmptyState({
  icon,
  text,
  children,
}: {
  icon?: ReactNode;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-16 text-center text-faint">
      {icon}
      <p className="mt-3 text-sm">{text}</p>
      {children}
    </div>
  );
}
