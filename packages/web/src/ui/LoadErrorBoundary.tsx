import { Component, type ReactNode } from 'react';
import { StaleBuildScreen } from './StaleBuildScreen.tsx';

export interface LoadErrorBoundaryProps {
  children: ReactNode;
}

/**
 * Catches a variant that failed to load and shows the stale-build screen instead of a blank page.
 * Issue 4's error screen (nerd stuff, the error catalogue) takes over errors of every other kind.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <StaleBuildScreen /> : this.props.children;
  }
}
