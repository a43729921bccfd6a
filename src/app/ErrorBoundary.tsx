import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the route) clears a caught error. */
  resetKey?: string;
}

/** Keeps the shell alive when a page throws: the page area shows a translated message and a retry. */
export class ErrorBoundary extends Component<Props, { error: Error | null; resetKey?: string }> {
  state: { error: Error | null; resetKey?: string } = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; resetKey?: string }) {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <div role="alert" data-testid="page-error" className="mx-auto max-w-lg p-8 text-center">
            <h2 className="mb-2 text-lg font-semibold">{t('errors.pageCrashed')}</h2>
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t('errors.pageCrashedHint')}</p>
            <button type="button" className="btn btn-primary" onClick={() => this.setState({ error: null })}>
              {t('actions.retry')}
            </button>
          </div>
        )}
      </Translation>
    );
  }
}
