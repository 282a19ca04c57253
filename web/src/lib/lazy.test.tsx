import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy';

const Ready = () => <p>The screen</p>;

/** The loading indicator, counting how often it is drawn. */
const indicator = { shown: 0 };
function Indicator() {
  indicator.shown += 1;
  return <p>Loading</p>;
}

describe('lazyScreen', () => {
  it('shows a preloaded screen in the first render, without the loading indicator', async () => {
    const Screen = lazyScreen(async () => ({ default: Ready }));
    await Screen.preload();
    // A synchronous render: only what is there at once is shown.
    act(() => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>,
      );
    });
    expect(screen.getByText('The screen')).toBeVisible();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('shows the loading indicator while a screen not yet loaded arrives, then the screen', async () => {
    const Screen = lazyScreen(async () => ({ default: Ready }));
    indicator.shown = 0;
    await act(async () => {
      render(
        <Suspense fallback={<Indicator />}>
          <Screen />
        </Suspense>,
      );
    });
    expect(indicator.shown).toBeGreaterThan(0);
    expect(screen.getByText('The screen')).toBeVisible();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('loads a screen once, however often it is asked for', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      return { default: Ready };
    });
    await Promise.all([Screen.preload(), Screen.preload()]);
    render(<Screen />);
    expect(screen.getByText('The screen')).toBeVisible();
    expect(loads).toBe(1);
  });
});
