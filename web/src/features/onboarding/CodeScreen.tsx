import '../../components/self-service.css';
import '../../components/flows.css';
import { StartStep } from './components/StartStep';
import './onboarding.css';

/** `/onboarding/code`: the invitation code an employer sent. */
export default function CodeScreen() {
  return <StartStep source="code" />;
}
