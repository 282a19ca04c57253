import { Fragment } from 'react';

/**
 * An e-mail address that may wrap where a reader expects it to: after the
 * "@" and before each dot of the domain (`<wbr>`: a break only if the line
 * needs one, and nothing added to a copied address). What still does not fit
 * breaks anywhere (`overflow-wrap: anywhere` of the rows). A number or a
 * masked value has no "@" and comes back as it is (held together by its
 * no-break spaces).
 */
export function BreakableContact({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at < 0) return <>{value}</>;
  const domain = value.slice(at + 1).split('.');
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {domain.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a label of the domain is its position
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
