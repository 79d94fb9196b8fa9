import type { ReactNode } from 'react';

interface FormAlertProps {
  tone?: 'error' | 'info' | 'success';
  children?: ReactNode;
}

/**
 * A message about the whole form. The live region stays in the page (empty when there is
 * nothing to say), so a message that appears later is announced.
 */
export function FormAlert({ tone = 'error', children }: FormAlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className="form-alert-region">
      {children ? <div className={`form-alert form-alert--${tone}`}>{children}</div> : null}
    </div>
  );
}
