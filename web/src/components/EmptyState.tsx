import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import './empty-state.css';

/**
 * What an empty list says instead of nothing: an icon for what the list
 * holds, an optional title, and a sentence on how it fills (styled in
 * `empty-state.css`).
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className="empty-state">
      <span className="empty-state-icon" aria-hidden="true">
        <Icon size={22} />
      </span>
      {title && <h3>{title}</h3>}
      <p>{children}</p>
    </div>
  );
}
