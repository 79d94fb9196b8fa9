import { Link } from '@tanstack/react-router';
import type { LoadedForm } from '@/forms/formFiles';
import { ContentHero, PageTitle } from '@/ui/ContentHero';
import { ArrowIcon, CheckIcon } from '@/ui/icons';
import { NETSUITE_PATH } from './paths';
import { ProductRequestForm } from './ProductRequestForm';
import { useNetsuiteSubmission } from './useProductSubmission';
import './products.css';

export const NETSUITE_NEXT_STEPS = [
  'A NetSuite specialist reads your request and replies within one business day.',
  'You talk it through on a call: your account, your goals and what is in the way.',
  'You receive a scoped proposal with the work, the timeline and the price. Nothing starts until you agree.',
] as const;

/** `/products/netsuite/hire/`: the NetSuite request form (forms/requests/netsuite). */
export function NetSuiteHirePage({ form }: { form: LoadedForm }) {
  const submission = useNetsuiteSubmission();
  return (
    <>
      <PageTitle>Request NetSuite help</PageTitle>
      <ContentHero
        titleId="netsuite-hire-title"
        eyebrow="NetSuite services"
        title="Request NetSuite help"
        lead={
          <p>
            Tell us about your NetSuite and what you need. A specialist replies within one business day, whether you are
            signed in or not.
          </p>
        }
      />
      <section className="content-section product-form-section" aria-labelledby="netsuite-hire-title">
        <div className="container product-layout">
          <ProductRequestForm form={form} submission={submission} nextSteps={NETSUITE_NEXT_STEPS} idPrefix="netsuite" />
          <aside className="content-panel product-aside" aria-labelledby="netsuite-aside-title">
            <h2 id="netsuite-aside-title" className="content-subheading">
              What happens next
            </h2>
            <ol className="product-next-steps">
              {NETSUITE_NEXT_STEPS.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ol>
            <ul className="content-check-list">
              <li>
                <CheckIcon />
                Free and without commitment
              </li>
              <li>
                <CheckIcon />
                Your details go to our NetSuite team only
              </li>
            </ul>
            <Link to={NETSUITE_PATH} className="text-link">
              About our NetSuite services <ArrowIcon />
            </Link>
          </aside>
        </div>
      </section>
    </>
  );
}
