import { SignInMethodsScreen } from './SignInSteps';

/**
 * mfa-methods (docs/product.md part 2): how to receive the code, drawn from the flow under
 * way on the gateway: a sign-in's, a step-up's or a duplicate merge's (docs/flows.md).
 */
export default function MfaMethodsScreen() {
  return <SignInMethodsScreen />;
}
