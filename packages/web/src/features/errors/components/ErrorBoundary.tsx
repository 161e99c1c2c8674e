import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';

export interface ErrorBoundaryProps {
  /** The boundary starts afresh whenever this changes (key it by route: a new page, a new try). */
  resetKey?: unknown;
  fullScreen?: boolean;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

/**
 * Catches what its children throw while rendering (a failed lazy load included) and shows the
 * error screen in their place; the rest of the app (the shell around it) stays usable.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    // A new mount key: whatever failed belonged to the previous one.
    return Object.is(props.resetKey, state.resetKey) ? null : { error: undefined, failed: false, resetKey: props.resetKey };
  }

  private readonly reset = () => this.setState({ error: undefined, failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorScreen error={this.state.error} onRetry={this.reset} fullScreen={this.props.fullScreen} />;
  }
}
