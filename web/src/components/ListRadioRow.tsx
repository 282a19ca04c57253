import { Radio } from 'react-aria-components/RadioGroup';
import { type CommonProps, RowBody } from './ListRow';
import './choices.css';
import './list-row.css';

/**
 * A list row that is one option of a `RadioGroup` (components/Choices.tsx)
 * holding the `ListRows`: the whole row is the radio button, its dot and
 * states (selected, hovered, keyboard focus) the radio buttons' own. Apart
 * from `ListRow` so that rows that only link or press do not load the radio.
 */
export function ListRadioRow({ value, ...row }: CommonProps & { value: string }) {
  return (
    <li className="list-row" aria-label={row.label}>
      <Radio value={value} className="list-row-target list-row-radio choice-option">
        <span className="choice-box choice-dot" aria-hidden="true" />
        <RowBody {...row} />
      </Radio>
    </li>
  );
}
