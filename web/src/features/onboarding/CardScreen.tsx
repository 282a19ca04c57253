import '../../components/self-service.css';
import '../../components/flows.css';
import { StartStep } from './components/StartStep';
import './onboarding.css';

/**
 * `/onboarding` (and `/onboarding/card`): the card number; on the Luxembourg
 * variant the card is known by its activation code (docs/product.md part 2), with its
 * own wording.
 */
export default function CardScreen() {
  return <StartStep source="card" />;
}
