import type { MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { CheckoutReturn } from '@/lib/checkoutHandover';

/** A link back to the page kept across the checkout (a same-site path), opened in the app. */
export function ReturnLink({ target, className }: { target: CheckoutReturn; className?: string }) {
  const navigate = useNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: target.path });
  };
  return (
    <a href={target.path} className={className} onClick={open}>
      {target.label}
    </a>
  );
}

/** The note that the page the person came from is kept for after the purchase. */
export function ReturnNote({ target }: { target: CheckoutReturn }) {
  return (
    <p className="payments-return">
      The page you came from is kept for after your purchase: <ReturnLink target={target} />
    </p>
  );
}
