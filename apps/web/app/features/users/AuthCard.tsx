import type { ReactNode } from 'react';
import { Card } from '~/components/Card';

/** The narrow card of the sign-in and sign-up pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-[440px] px-2 py-6 md:py-10">
      <Card title={title}>
        <div className="px-6 py-6">{children}</div>
      </Card>
    </div>
  );
}

export function FormRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block">
      <span className="mb-1.5 block text-sm text-muted">{label}</span>
      {children}
    </label>
  );
}
