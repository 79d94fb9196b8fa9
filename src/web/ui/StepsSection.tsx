export interface ContentStep {
  title: string;
  text: string;
}

interface StepsSectionProps {
  /** The id of the section's h2, which names the section. */
  titleId: string;
  title: string;
  steps: readonly ContentStep[];
  eyebrow?: string;
  /** For in-page links ("How it works" buttons). */
  id?: string;
  /** On the tinted background, to set it apart from the sections around it. */
  tinted?: boolean;
}

/** A content page's "How it works": an eyebrow and h2, then the steps as a numbered list of h3s. */
export function StepsSection({
  titleId,
  title,
  steps,
  eyebrow = 'How it works',
  id,
  tinted = false,
}: StepsSectionProps) {
  return (
    <section
      className={tinted ? 'content-section section--tinted' : 'content-section'}
      id={id}
      aria-labelledby={titleId}
    >
      <div className="container">
        <header className="section-header content-section__header">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={titleId}>{title}</h2>
        </header>
        <ol className="content-steps">
          {steps.map((step, index) => (
            <li key={step.title} className="content-step">
              <span className="content-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="content-step__title">{step.title}</h3>
              <p className="content-step__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
