import { SignInCodeScreen } from './SignInSteps';

/**
 * The MFA code screen (docs/product.md parts 2 and 4), drawn from the flow under way on the
 * gateway: a sign-in's, a step-up's or a duplicate merge's (docs/flows.md).
 */
export default function MfaCodeScreen() {
  return <SignInCodeScreen />;
}
