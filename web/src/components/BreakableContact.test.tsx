import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableContact } from './BreakableContact';

describe('a long e-mail address wraps where a reader expects it', () => {
  it('may break after the @ and before each dot of the domain, and reads and copies as it is', () => {
    const { container } = render(
      <BreakableContact value="emma.peeters@restaurantlepetitbruxellois.example.be" />,
    );
    expect(container.innerHTML).toBe(
      'emma.peeters@<wbr>restaurantlepetitbruxellois<wbr>.example<wbr>.be',
    );
    expect(container.textContent).toBe('emma.peeters@restaurantlepetitbruxellois.example.be');
  });

  it('leaves a number as it is', () => {
    const { container } = render(
      <BreakableContact value={'+32\u00a0470\u00a012\u00a034\u00a056'} />,
    );
    expect(container.innerHTML).toBe('+32&nbsp;470&nbsp;12&nbsp;34&nbsp;56');
  });
});
