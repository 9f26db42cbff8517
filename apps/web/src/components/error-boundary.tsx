import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  fallback: () => ReactNode;
  children: ReactNode;
}

/** Keeps a failing page section from blanking the whole app; logs what broke. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // eslint-disable-next-line no-console
    console.error('A page section failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback() : this.props.children;
  }
}
