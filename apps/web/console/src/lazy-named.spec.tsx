import { cleanup, render, screen } from '@testing-library/react';
import { lazyNamed } from './lazy-named.js';

describe('lazyNamed', () => {
  afterEach(cleanup);

  it('renders the named export once its chunk has loaded, with the props given', async () => {
    let loads = 0;
    const Greeting = lazyNamed(async () => {
      loads++;
      return { Greeting: ({ who }: { who: string }) => <p>Hello {who}</p> };
    }, 'Greeting');
    expect(loads).toBe(0); // nothing is fetched before the first render
    render(<Greeting who="Amara" />);
    expect(await screen.findByText('Hello Amara')).toBeTruthy();
    cleanup();
    render(<Greeting who="Ruwan" />);
    expect(await screen.findByText('Hello Ruwan')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
