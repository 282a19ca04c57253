/** Time behind a clock that tests (and `POST /__dev/clock`) can move forward. */
export interface Clock {
  now(): number;
  advance(ms: number): void;
}

export function systemClock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
