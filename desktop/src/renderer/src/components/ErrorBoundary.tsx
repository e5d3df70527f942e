import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { TEXTS } from '@mahalle/shared';
import { platform } from '../platform';
import { resetFailedChunks } from './lazyRetry';

interface Props {
  children: ReactNode;
  /** When this changes (the route), a shown error is cleared: after Back or a link the page renders again. */
  resetKey?: string;
  /** The root boundary reloads the page on 'Yeniden dene'; a route boundary renders its route again. */
  root?: boolean;
}
interface State {
  error: Error | null;
  resetKey?: string;
}

/** Shows a Turkish message with 'Yeniden dene' instead of a blank page when rendering or loading code fails. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  override componentDidUpdate(prev: Props) {
    // Once another route is shown, a chunk that failed earlier may be asked for again when visited.
    // (Not during render: a failed render is retried by React, and a fresh import there would loop.)
    if (prev.resetKey !== this.props.resetKey) resetFailedChunks();
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('ekran hatası', error, info.componentStack);
  }

  retry = () => {
    if (this.props.root) return window.location.reload();
    resetFailedChunks();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    const T = TEXTS.resilience;
    return (
      <div role="alert" data-testid="error-boundary" style={{ padding: 24 }}>
        <Result
          status="warning"
          title={T.errorTitle}
          subTitle={T.errorHint}
          extra={[
            <Button key="retry" type="primary" onClick={this.retry}>{T.retry}</Button>,
            <Button key="home" onClick={() => window.location.assign(platform.kind === 'desktop' ? '#/' : '/')}>{T.home}</Button>,
          ]}
        />
      </div>
    );
  }
}
