import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useNamedFamily, useRequestFamilies, type RequestFamily } from '@/forms/requestForms';
import type { FormEntry } from '@/forms/types';
import { newRequestLink } from '@/lib/paths';
import { FamilyListPending } from '@/ui/serviceFamilyList';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** The request form of a family, or of one of its sub-families. */
function RequestFormLink({
  family,
  subFamily,
  children,
}: {
  family: string;
  subFamily?: string | null;
  children: ReactNode;
}) {
  return <Link {...newRequestLink(family, subFamily)}>{children}</Link>;
}

/**
 * `/request/new/`: every family that has a request form, and its sub-families where it has
 * several. The forms are the build's (or `entries`, a forms/index.json's); the names the
 * catalogue's, waited for so the page does not change under the reader.
 */
export function RequestChooser({ entries }: { entries?: FormEntry[] }) {
  const { status, families } = useRequestFamilies(entries);
  if (status === 'pending') return <FamilyListPending />;
  return (
    <div className="wizard">
      <DocumentTitle>Post a request | Versimarket</DocumentTitle>
      <header className="wizard__header">
        <p className="wizard__eyebrow">Post a request</p>
        <h1>What do you need help with?</h1>
        <p className="wizard__lead">Choose a category. A few questions later, providers can send you proposals.</p>
      </header>
      <ul className="request-families">
        {families.map((family) => (
          <li key={family.slug} className="request-family">
            <h2 className="request-family__name">
              <RequestFormLink family={family.slug}>{family.name}</RequestFormLink>
            </h2>
            {family.description && <p className="request-family__text">{family.description}</p>}
            {family.forms.some((form) => form.subFamily) && (
              <ul className="request-family__subs" aria-label={`${family.name} requests`}>
                {family.forms.map((form) => (
                  <li key={form.id}>
                    <RequestFormLink family={family.slug} subFamily={form.subFamily}>
                      {form.title}
                    </RequestFormLink>
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
export function SubFamilyChooser({ family: files }: { family: RequestFamily }) {
  const family = useNamedFamily(files);
  return (
    <div className="wizard">
      <DocumentTitle>{`${family.name} request | Versimarket`}</DocumentTitle>
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
              <RequestFormLink family={family.slug} subFamily={form.subFamily}>
                {form.title}
              </RequestFormLink>
            </h2>
          </li>
        ))}
      </ul>
    </div>
  );
}
