import { describe, expect, it } from 'vitest';
import { typedOrMasked } from './phone';

describe('typedOrMasked', () => {
  it('shows the typed address in full where the target is its mask', () => {
    expect(typedOrMasked('e•••e@example.be', 'employee@example.be')).toBe('employee@example.be');
    expect(typedOrMasked('e•••e@example.be', '  Employee@Example.be ')).toBe('employee@example.be');
    expect(typedOrMasked('+352 6•••01', '+352621000001')).toBe('+352621000001');
  });

  it('keeps the mask of anything the person did not type', () => {
    expect(typedOrMasked('+32 4•••01', 'employee@example.be')).toBe('+32 4•••01');
    expect(typedOrMasked('e•••a@example.be', 'employee@example.be')).toBe('e•••a@example.be');
    expect(typedOrMasked('e•••e@example.be', null)).toBe('e•••e@example.be');
  });

  it('keeps the mask when two targets on offer share it', () => {
    const both = ['e•••e@example.be', 'e•••e@example.be'];
    expect(typedOrMasked('e•••e@example.be', 'employee@example.be', both)).toBe('e•••e@example.be');
    const one = ['e•••e@example.be', '+32 4•••01'];
    expect(typedOrMasked('e•••e@example.be', 'employee@example.be', one)).toBe(
      'employee@example.be',
    );
  });
});
