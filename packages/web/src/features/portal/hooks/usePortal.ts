import { useContext } from 'react';
import { PortalContext, type PortalContextValue } from '../store/portal-context.ts';

/** The signed-in portal person and the chart the portal reaches; only inside PortalProvider. */
export function usePortal(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal is used outside PortalProvider.');
  return value;
}
