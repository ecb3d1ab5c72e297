import { jest } from '@jest/globals';
import { Component, type ComponentType, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { lazyScreen } from './pages.js';

/** Stands in for the host's remote slot: shows a failure and renders its children again on retry. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <button onClick={() => this.setState({ failed: false })}>Try again</button>;
    return this.props.children;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const renderScreen = (Screen: ComponentType) =>
  render(
    <MantineProvider>
      <Boundary>
        <Screen />
      </Boundary>
    </MantineProvider>,
  );

describe('lazyScreen', () => {
  it('says it is loading, to a screen reader too, until the code is there', async () => {
    const load = deferred<() => ReactNode>();
    const Screen = lazyScreen(() => load.promise);
    renderScreen(Screen);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeTruthy();
    await act(async () => load.resolve(() => <h2>Manage Things</h2>));
    expect(screen.getByRole('heading', { name: 'Manage Things' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads the code once, and again after a failed load when the screen is shown again', async () => {
    const failed = deferred<() => ReactNode>();
    const attempts: string[] = [];
    const Screen = lazyScreen(() => {
      attempts.push('load');
      return attempts.length === 1 ? failed.promise : Promise.resolve(() => <p>loaded</p>);
    });
    const silenced = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderScreen(Screen);
      await act(async () => failed.reject(new Error('chunk failed')));
      fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('loaded')).toBeTruthy();
      expect(attempts).toEqual(['load', 'load']);
    } finally {
      silenced.mockRestore();
    }
  });
});
