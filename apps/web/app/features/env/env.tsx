/**
 * Device facts and the two mobile panels (sidebar, nodes). A panel remembers the location it was
 * opened on, so any navigation closes it without an effect.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

type Panel = 'sidebar' | 'nodes';

interface Env {
  isMobile: boolean;
  showMobileSidebar: boolean;
  showMobileNodes: boolean;
  toggleMobileSidebar(): void;
  toggleMobileNodes(): void;
  closeMobilePanels(): void;
}

const EnvContext = createContext<Env | null>(null);

export function EnvProvider({ isMobile, children }: { isMobile: boolean; children: ReactNode }) {
  const { key } = useLocation();
  const [open, setOpen] = useState<{ panel: Panel; locationKey: string } | null>(null);
  const openPanel = open && open.locationKey === key ? open.panel : null;

  const env = useMemo<Env>(() => {
    // Only one panel is open at a time, so opening the sidebar closes the nodes panel.
    const toggle = (panel: Panel) => setOpen(openPanel === panel ? null : { panel, locationKey: key });
    return {
      isMobile,
      showMobileSidebar: openPanel === 'sidebar',
      showMobileNodes: openPanel === 'nodes',
      toggleMobileSidebar: () => toggle('sidebar'),
      toggleMobileNodes: () => toggle('nodes'),
      closeMobilePanels: () => setOpen(null),
    };
  }, [isMobile, openPanel, key]);

  return <EnvContext.Provider value={env}>{children}</EnvContext.Provider>;
}

export function useEnv(): Env {
  const env = useContext(EnvContext);
  if (!env) throw new Error('useEnv needs an EnvProvider');
  return env;
}
