import type { ReactNode } from 'react';

/** An empty, error or out-of-range message in place of the results. */
export function ResultState({
  title,
  children,
  actions,
  error = false,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  error?: boolean;
}) {
  return (
    <div className={error ? 'result-state result-state--error' : 'result-state'} role={error ? 'alert' : undefined}>
      <h3 className="result-state__title">{title}</h3>
      <p>{children}</p>
      {actions && <div className="result-state__actions">{actions}</div>}
    </div>
  );
}
