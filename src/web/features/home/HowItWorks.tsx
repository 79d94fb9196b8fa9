interface Step {
  title: string;
  text: string;
}

const CLIENT_STEPS: readonly Step[] = [
  { title: 'Post a request', text: 'Tell us what you need in a few guided steps; it only takes minutes.' },
  {
    title: 'Compare proposals',
    text: 'Review scope, price and track record side by side, and message the people behind them.',
  },
  { title: 'Hire and pay securely', text: 'Choose the best fit and pay by card through our secure checkout.' },
];

const PROFESSIONAL_STEPS: readonly Step[] = [
  { title: 'Build a profile', text: 'Show your services, projects, experience and the places you work with.' },
  {
    title: 'Answer requests with proposals',
    text: 'Find requests that match your skills and send a clear, tailored proposal.',
  },
  { title: 'Get reviewed', text: 'Happy clients leave reviews that help you win the next project.' },
];

function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="step-list">
      {steps.map((step, index) => (
        <li key={step.title} className="step">
          <span className="step__number" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h4 className="step__title">{step.title}</h4>
            <p className="step__text">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function HowItWorks() {
  return (
    <section className="section section--tinted" aria-labelledby="how-title">
      <div className="container">
        <header className="section-header">
          <p className="eyebrow">How it works</p>
          <h2 id="how-title">Simple for clients, rewarding for professionals</h2>
        </header>
        <div className="how-grid">
          <article className="how-panel" aria-labelledby="how-clients-title">
            <p className="how-panel__tag">For clients</p>
            <h3 id="how-clients-title" className="how-panel__title">
              Get the right expert on board
            </h3>
            <StepList steps={CLIENT_STEPS} />
          </article>
          <article className="how-panel how-panel--alt" aria-labelledby="how-pros-title">
            <p className="how-panel__tag">For professionals</p>
            <h3 id="how-pros-title" className="how-panel__title">
              Grow your independent practice
            </h3>
            <StepList steps={PROFESSIONAL_STEPS} />
          </article>
        </div>
      </div>
    </section>
  );
}
