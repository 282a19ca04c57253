import { down } from './stack';

/** The stack goes down, volumes included, whether the test passed or not. */
export default function globalTeardown() {
  down();
  console.log('[compose] stack down');
}
