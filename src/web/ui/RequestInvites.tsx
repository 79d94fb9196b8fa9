/**
 * The providers a client invited to one of their requests (listRequestInvites): who, where
 * each invitation is, when it was sent, seen and answered, with links to the provider's
 * proposal and to the conversation. Self-contained: give it the request's id.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useListRequestInvites } from '../api/generated/messages/messages';
import type { MessageInviteStatus, MessageRequestInvite } from '../api/generated/model';
import { formatDate, formatDateTime } from '../lib/format';
import { Avatar } from './ProfileBits';
import './styles/request-invites.css';

/** Invitations per page. */
export const INVITES_PAGE_SIZE = 20;

const STATUS_TEXT: Record<MessageInviteStatus, { label: string; description: string }> = {
  invited: { label: 'Invited', description: 'They have not seen your invitation yet.' },
  viewed: { label: 'Viewed', description: 'They opened your request or your message.' },
  responded: { label: 'Responded', description: 'They replied or sent a proposal.' },
  declined: { label: 'Declined', description: 'They declined the invitation.' },
};

function statusText(status: string) {
  return STATUS_TEXT[status as MessageInviteStatus] ?? { label: status, description: '' };
}

function When({ label, at }: { label: string; at: string | null }) {
  if (!at) return null;
  return (
    <li>
      {label}{' '}
      <time dateTime={at} title={formatDateTime(at)}>
        {formatDate(at)}
      </time>
    </li>
  );
}

function InviteRow({ invite }: { invite: MessageRequestInvite }) {
  const status = statusText(invite.status);
  const provider = invite.provider;
  const profile =
    provider.accountType === 'business' && provider.companyId ? (
      <Link to="/business/$companyId/" params={{ companyId: provider.companyId }}>
        {provider.displayName}
      </Link>
    ) : provider.accountType === 'freelancer' ? (
      <Link to="/freelancer/$uid/" params={{ uid: provider.id }}>
        {provider.displayName}
      </Link>
    ) : (
      provider.displayName
    );
  return (
    <li className="invite-row">
      <Avatar name={provider.displayName} url={provider.avatarUrl ?? null} size="small" />
      <div className="invite-row__main">
        <p className="invite-row__name">
          {profile}{' '}
          <span className={`invite-status invite-status--${invite.status}`} title={status.description}>
            {status.label}
          </span>
        </p>
        <ul className="invite-row__times">
          <When label="Invited" at={invite.invitedAt} />
          <When label="Viewed" at={invite.viewedAt} />
          <When label={invite.status === 'declined' ? 'Declined' : 'Responded'} at={invite.respondedAt} />
        </ul>
      </div>
      <ul className="invite-row__links">
        {invite.proposal && (
          <li>
            <Link to="/dashboard/proposals/$id/details/" params={{ id: invite.proposal.id }}>
              View proposal<span className="visually-hidden"> from {provider.displayName}</span>
            </Link>
          </li>
        )}
        {invite.conversation && (
          <li>
            <Link to="/dashboard/messages/conversation/$id/details/" params={{ id: invite.conversation.id }}>
              Open conversation<span className="visually-hidden"> with {provider.displayName}</span>
            </Link>
          </li>
        )}
      </ul>
    </li>
  );
}

export function RequestInvites({ requestId }: { requestId: string }) {
  const [page, setPage] = useState(1);
  const query = useListRequestInvites(requestId, { page, pageSize: INVITES_PAGE_SIZE }, { query: { retry: false } });

  let content;
  if (query.isPending) {
    content = <p role="status">Loading the providers you invited…</p>;
  } else if (query.isError) {
    content = (
      <div role="alert" className="request-invites__problem">
        <p>{query.error.message || 'We could not load the invitations.'}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!query.data.data.items.length) {
    content = (
      <p className="request-invites__empty">
        You have not invited anyone yet. Contact a freelancer or business from their profile and choose this request to
        invite them.
      </p>
    );
  } else {
    const { items, pagination } = query.data.data;
    content = (
      <>
        <ul className="request-invites__list" aria-label="Invited providers">
          {items.map((invite) => (
            <InviteRow key={invite.id} invite={invite} />
          ))}
        </ul>
        {pagination.totalPages > 1 && (
          <nav className="request-invites__pages" aria-label="Invitation pages">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <span>
              Page {pagination.page} of {pagination.totalPages}
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page >= pagination.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section className="panel request-invites" aria-labelledby={`invites-${requestId}`}>
      <h2 id={`invites-${requestId}`} className="request-invites__title">
        Invited providers
      </h2>
      {content}
    </section>
  );
}
