import { Component, type ReactNode } from 'react';
import { MAIN_ID } from '../site-ids.js';

/** The message of an error, then the message of each of its causes in turn. */
export function errorChain(error: unknown): { message: string; causes: string[] } {
  const describe = (e: unknown): string =>
    e instanceof Error ? (e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : e.message) : String(e);
  const causes: string[] = [];
  let cause = error instanceof Error ? error.cause : undefined;
  while (cause !== undefined && causes.length < 10) {
    causes.push(describe(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return { message: describe(error), causes };
}

interface Props {
  children: ReactNode;
  /** A new key (a new page) clears a crash. */
  resetKey: unknown;
  /** Called by "Try again", before the boundary renders its children again. */
  onTryAgain: () => void;
}

interface State {
  error: unknown;
  failed: boolean;
  key: unknown;
}

/** A crashing component shows "This page crashed", the error and its causes, and "Try again". */
export class ErrorBoundary extends Component<Props, State> {
  declare private readonly tryAgain: () => void;

  // Set in the constructor, not as class fields: a field needs a helper of esbuild's (for ES2020)
  // that would be a chunk of its own, shared with the chunks loaded later, on every page.
  constructor(props: Props) {
    super(props);
    this.state = { error: undefined, failed: false, key: props.resetKey };
    this.tryAgain = (): void => {
      this.props.onTryAgain();
      this.setState({ error: undefined, failed: false });
    };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: undefined, failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { message, causes } = errorChain(this.state.error);
    return (
      <main id={MAIN_ID} className="crash-page" role="alert">
        <h1>This page crashed</h1>
        <p className="crash-message">{message}</p>
        {causes.length > 0 ? (
          <ul className="crash-causes" aria-label="Causes">
            {causes.map((cause, index) => (
              <li key={index}>Cause: {cause}</li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="button button-primary" onClick={this.tryAgain}>
          Try again
        </button>
      </main>
    );
  }
}
