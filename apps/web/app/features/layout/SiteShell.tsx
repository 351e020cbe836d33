import type { ReactNode } from 'react';
import { DesktopNav } from '~/features/nav/DesktopNav';
import { MobileNav } from '~/features/nav/MobileNav';
import { SiteFooter } from './SiteFooter';

/** Navigation (desktop or mobile bar), the page, and optionally the footer. */
export function SiteShell({ footer, children }: { footer: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col pt-[46px] lg:pt-0">
      <DesktopNav />
      <MobileNav />
      <main className="flex-1">{children}</main>
      {footer && <SiteFooter />}
    </div>
  );
}
