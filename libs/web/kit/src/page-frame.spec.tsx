import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { PageFrame } from './page-frame.js';

const renderFrame = () =>
  render(
    <MantineProvider>
      <PageFrame title="Jobs">
        <p>the screen</p>
      </PageFrame>
    </MantineProvider>,
  );

describe('PageFrame', () => {
  const saved = process.env.FREIGHT_BUILD_LABEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.FREIGHT_BUILD_LABEL;
    else process.env.FREIGHT_BUILD_LABEL = saved;
  });

  it('shows the title and the screen, and no build label when the build has none', () => {
    delete process.env.FREIGHT_BUILD_LABEL;
    const { container } = renderFrame();
    expect(screen.getByRole('heading', { name: 'Jobs' })).toBeTruthy();
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(container.textContent).not.toContain('Build');
    expect(container.querySelector('footer')).toBeNull();
  });

  it('shows a labelled build at its foot', () => {
    process.env.FREIGHT_BUILD_LABEL = 'v2';
    const { container } = renderFrame();
    expect(container.querySelector('footer')?.textContent).toBe('Build v2');
  });
});
