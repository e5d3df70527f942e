import { Component, type ErrorInfo, type ReactNode } from 'react';
import { WarningFilled } from '@ant-design/icons';
import { TEXTS } from '@mahalle/shared';
import { platform } from '../platform';
import { resetFailedChunks } from './lazyRetry';
import { LeanButton as Button } from './lean/LeanButton';

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
        {/* Laid out as antd's `Result status="warning"`, without it: `Result` carries its large illustrations into every first load. */}
        <div style={{ padding: '48px 32px', textAlign: 'center' }}>
          <WarningFilled aria-hidden style={{ fontSize: 72, color: 'var(--ant-color-warning, #faad14)', marginBottom: 24 }} />
          <div style={{ fontSize: 24, lineHeight: 1.33, color: 'var(--ant-color-text-heading, rgba(0, 0, 0, 0.88))', marginBlock: 8 }}>{T.errorTitle}</div>
          <div style={{ fontSize: 14, lineHeight: 1.57, color: 'var(--ant-color-text-description, rgba(0, 0, 0, 0.45))' }}>{T.errorHint}</div>
          <div style={{ marginTop: 24, display: 'flex', gap: 8, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button type="primary" onClick={this.retry}>
              {T.retry}
            </Button>
            <Button onClick={() => window.location.assign(platform.kind === 'desktop' ? '#/' : '/')}>{T.home}</Button>
          </div>
        </div>
      </div>
    );
  }
}
