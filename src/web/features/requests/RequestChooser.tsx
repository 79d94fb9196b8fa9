import { Link } from '@tanstack/react-router';
import { newRequestPath } from '@/lib/paths';
import { requestFamilies, type RequestFamily } from '@/forms/requestForms';

/** `/request/new/`: every family that has a request form, and its sub-families where it has several. */
export function RequestChooser({ families = requestFamilies() }: { families?: RequestFamily[] }) {
  return (
    <div className="wizard">
      <header className="wizard__header">
        <p className="wizard__eyebrow">Post a request</p>
        <h1>What do you need help with?</h1>
        <p className="wizard__lead">Choose a category. A few questions later, providers can send you proposals.</p>
      </header>
      <ul className="request-families">
        {families.map((family) => (
          <li key={family.slug} className="request-family">
            <h2 className="request-family__name">
              <Link to={newRequestPath(family.slug)}>{family.name}</Link>
            </h2>
            {family.description && <p className="request-family__text">{family.description}</p>}
            {family.forms.some((form) => form.subFamily) && (
              <ul className="request-family__subs" aria-label={`${family.name} requests`}>
                {family.forms.map((form) => (
                  <li key={form.id}>
                    <Link to={newRequestPath(family.slug, form.subFamily ?? undefined)}>{form.title}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `/request/new/{family}/` of a family with several forms: which one fits. */
export function SubFamilyChooser({ family }: { family: RequestFamily }) {
  return (
    <div className="wizard">
      <header className="wizard__header">
        <p className="wizard__eyebrow">
          <Link to="/request/new/">Post a request</Link> · {family.name}
        </p>
        <h1>Which kind of {family.name.toLowerCase()} request?</h1>
        {family.description && <p className="wizard__lead">{family.description}</p>}
      </header>
      <ul className="request-families">
        {family.forms.map((form) => (
          <li key={form.id} className="request-family">
            <h2 className="request-family__name">
              <Link to={newRequestPath(family.slug, form.subFamily ?? undefined)}>{form.title}</Link>
            </h2>
          </li>
        ))}
      </ul>
    </div>
  );
}
