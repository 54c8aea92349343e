// Catches what a screen throws while rendering (a bug, or a route chunk that failed to load after a
// deploy) and shows the spec's error screen instead of a blank page. A new resetKey (the path) tries
// the screens again, so the links on the error screen and the browser's back button still work.
import { Component, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

type Props = { resetKey: string; children: ReactNode };
type State = { error: unknown; resetKey: string; failed: boolean };

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
