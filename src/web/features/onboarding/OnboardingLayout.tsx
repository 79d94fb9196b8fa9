import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '@/ui/Logo';
import type { OnboardingStep } from './onboardingSteps';
import { DocumentTitle } from '@/ui/DocumentTitle';
import './onboarding.css';

const FLOW_NAMES = {
  account: 'Your profile',
  freelancer: 'Freelancer setup',
  business: 'Business setup',
} as const;

interface OnboardingLayoutProps {
  step: OnboardingStep;
  /** What the form asks, under the title (the form's own description). */
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * One onboarding page: the flow and "Step n of m" with a progress bar, the title (focused when
 * the page opens, so a screen reader starts there), the lead, the form card and a Back link.
 */
export function OnboardingLayout({ step, lead, children }: OnboardingLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [step.path]);
  const counted = step.number !== null && step.total > 0;

  return (
    <div className="wizard onboarding" data-step={step.formId}>
      <DocumentTitle>{`${step.title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <header className="wizard__header onboarding__header">
        <p className="wizard__eyebrow onboarding__eyebrow">
          <span>{FLOW_NAMES[step.flow]}</span>
          {counted && (
            <span className="onboarding__count">
              Step {step.number} of {step.total}
            </span>
          )}
        </p>
        {counted && (
          <div className="onboarding__progress" aria-hidden="true">
            <span style={{ width: `${(step.number! / step.total) * 100}%` }} />
          </div>
        )}
        <h1 ref={heading} tabIndex={-1} className="onboarding__title">
          {step.title}
        </h1>
        {lead && <p className="wizard__lead">{lead}</p>}
      </header>
      <section className="wizard__step onboarding__card" aria-label={step.title}>
        {children}
      </section>
      {step.back && (
        <p className="onboarding__back">
          <Link to={step.back} className="onboarding__back-link">
            <span aria-hidden="true">←</span> Back
          </Link>
        </p>
      )}
    </div>
  );
}
