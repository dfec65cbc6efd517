import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children after an error; `retry` re-renders them. */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  /** Called before a retry re-renders the children (e.g. to forget a failed load). */
  onRetry?: () => void;
  children: ReactNode;
}

/** Keeps a failure inside its own part of the page, with a way to try again. */
export class ErrorBoundary extends Component<Props, { error: unknown; attempt: number }> {
  state = { error: null as unknown, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  render() {
    if (this.state.error) return this.props.fallback(this.retry, this.state.error);
    return <ChildrenWithKey key={this.state.attempt}>{this.props.children}</ChildrenWithKey>;
  }
}

function ChildrenWithKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
