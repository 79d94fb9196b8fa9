import './help-center.css';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { BRAND } from '../../../shared/brand';
import { PATHS } from '@/lib/paths';
import { ArrowIcon, MailIcon, SearchIcon } from '@/ui/icons';
import { ContentHero, PageTitle } from '@/ui/ContentHero';
import { HELP_SECTIONS, queryTerms, questionMatches, type HelpQuestion } from './helpCenterContent';

const TOTAL_QUESTIONS = HELP_SECTIONS.reduce((sum, section) => sum + section.questions.length, 0);

function plural(count: number): string {
  return count === 1 ? '1 question' : `${count} questions`;
}

function HelpFilter({ query, onChange }: { query: string; onChange: (value: string) => void }) {
  const inputId = useId();
  const hintId = useId();
  // Filtering happens as you type; Enter must not reload the page.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  return (
    <form className="help-filter" role="search" aria-label="Help Center" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="help-filter__label">
        Filter questions
      </label>
      <div className="help-filter__field search-box">
        <span className="search-box__icon">
          <SearchIcon />
        </span>
        <input
          id={inputId}
          className="search-box__input help-filter__input"
          type="search"
          value={query}
          onChange={(event) => onChange(event.target.value)}
          placeholder="For example: versigems refund"
          autoComplete="off"
          aria-describedby={hintId}
        />
        {query && (
          <button type="button" className="help-filter__clear" onClick={() => onChange('')}>
            Clear
          </button>
        )}
      </div>
      <p id={hintId} className="help-filter__hint">
        Questions and answers that contain every word you type are shown.
      </p>
    </form>
  );
}

function Answer({ question }: { question: HelpQuestion }) {
  const { link } = question;
  return (
    <div className="faq__answer">
      {question.answer.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {link && (
        <p>
          <Link to={link.to} hash={link.hash} className="text-link">
            {link.label} <ArrowIcon />
          </Link>
        </p>
      )}
    </div>
  );
}

export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const terms = useMemo(() => queryTerms(query), [query]);
  const matching = useMemo(
    () =>
      new Set(
        HELP_SECTIONS.flatMap((section) => section.questions)
          .filter((question) => questionMatches(question, terms))
          .map((question) => question.id),
      ),
    [terms],
  );
  const filtering = terms.length > 0;

  return (
    <>
      <PageTitle>Help Center</PageTitle>
      <ContentHero
        titleId="help-title"
        eyebrow="Help Center"
        title="How can we help?"
        lead={
          <p>
            Answers about accounts, requests, proposals, plans and versigems. Can’t find yours?{' '}
            <Link to={PATHS.contactUs}>Contact us</Link>.
          </p>
        }
      >
        <HelpFilter query={query} onChange={setQuery} />
      </ContentHero>

      <div className="container help-layout">
        <nav className="help-nav" aria-labelledby="help-nav-title">
          <h2 id="help-nav-title" className="help-nav__title">
            Sections
          </h2>
          <ul className="help-nav__list">
            {HELP_SECTIONS.map((section) => {
              const count = section.questions.filter((question) => matching.has(question.id)).length;
              const label = (
                <>
                  <span>{section.title}</span>
                  <span className="help-nav__count">
                    <span aria-hidden="true">{count}</span>
                    <span className="visually-hidden">, {plural(count)}</span>
                  </span>
                </>
              );
              return (
                <li key={section.id}>
                  {/* A section the filter has emptied is hidden, so there is nowhere to jump to. */}
                  {count === 0 ? (
                    <span className="help-nav__link help-nav__link--empty">{label}</span>
                  ) : (
                    <Link to={PATHS.helpCenter} hash={section.id} className="help-nav__link">
                      {label}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="help-sections">
          <p className="help-status" role="status">
            {filtering
              ? `${matching.size} of ${plural(TOTAL_QUESTIONS)} match “${query.trim()}”.`
              : `${plural(TOTAL_QUESTIONS)} in ${HELP_SECTIONS.length} sections.`}
          </p>

          {filtering && matching.size === 0 && (
            <div className="help-empty">
              <p className="help-empty__title">No questions match your filter.</p>
              <p>
                Try fewer or different words, or <Link to={PATHS.contactUs}>contact us</Link> and we will answer you
                directly.
              </p>
            </div>
          )}

          {HELP_SECTIONS.map((section) => {
            const visible = section.questions.filter((question) => matching.has(question.id));
            return (
              <section
                key={section.id}
                id={section.id}
                className="help-section"
                aria-labelledby={`${section.id}-title`}
                hidden={visible.length === 0}
              >
                <h2 id={`${section.id}-title`} className="help-section__title">
                  {section.title}
                </h2>
                <p className="help-section__intro">{section.intro}</p>
                <div className="faq-list">
                  {section.questions.map((question) => (
                    <details key={question.id} id={question.id} className="faq" hidden={!matching.has(question.id)}>
                      <summary className="faq__question">{question.question}</summary>
                      <Answer question={question} />
                    </details>
                  ))}
                </div>
              </section>
            );
          })}

          <aside className="content-band content-band--compact help-contact" aria-labelledby="help-contact-title">
            <span className="help-contact__icon">
              <MailIcon />
            </span>
            <div>
              <h2 id="help-contact-title" className="content-band__title">
                Still need help?
              </h2>
              <p className="content-band__text">
                Our support team answers by email at {BRAND.supportEmail}. Tell us your account email and, if it is
                about a request, its reference ID.
              </p>
            </div>
            <div className="content-actions">
              <Link to={PATHS.contactUs} className="button button--light">
                Contact us
                <ArrowIcon />
              </Link>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
