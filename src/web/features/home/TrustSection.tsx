import type { ReactNode } from 'react';
import { CardIcon, ChatIcon, ShieldIcon, StarIcon } from '@/ui/icons';
import { useServiceFamilyList } from '@/ui/serviceFamilyList';

/** The family count comes from the catalogue, so a family added to its data files is counted. */
const FAMILIES_LABEL = 'service families, from web design to AI';

const FACTS: readonly { figure: string; label: string }[] = [
  { figure: '3', label: 'ways to join: client, freelancer or business' },
  { figure: '2', label: 'specialist programmes: NetSuite and React' },
  { figure: '1', label: 'inbox for requests, proposals and messages' },
];

const PROMISES: readonly { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <ShieldIcon />,
    title: 'Verified accounts',
    text: 'Members confirm their email address before they get started.',
  },
  {
    icon: <StarIcon />,
    title: 'Reviews from real work',
    text: 'Reviews are left through a personal link sent to the client, not by anyone passing by.',
  },
  {
    icon: <CardIcon />,
    title: 'Secure card checkout',
    text: 'Payments run through a certified card payment provider. We never see your card number.',
  },
  {
    icon: <ChatIcon />,
    title: 'Talk before you hire',
    text: 'Message professionals about scope and timing before you commit to anything.',
  },
];

export function TrustSection() {
  const families = useServiceFamilyList();
  const facts = [
    // Until the families arrive (or if they cannot), the figure waits rather than guesses.
    { figure: families.status === 'success' ? String(families.families.length) : '…', label: FAMILIES_LABEL },
    ...FACTS,
  ];
  return (
    <section className="section section--tinted" aria-labelledby="trust-title">
      <div className="container">
        <header className="section-header">
          <p className="eyebrow">Why Versimarket</p>
          <h2 id="trust-title">A marketplace built on trust</h2>
        </header>
        <dl className="fact-grid">
          {facts.map((fact) => (
            <div key={fact.label} className="fact">
              <dt className="fact__label">{fact.label}</dt>
              <dd className="fact__figure">{fact.figure}</dd>
            </div>
          ))}
        </dl>
        <ul className="promise-grid">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="promise">
              <span className="promise__icon">{promise.icon}</span>
              <h3 className="promise__title">{promise.title}</h3>
              <p className="promise__text">{promise.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
