import type { Conversation, UserSummary } from '@/api/generated/model';

/** The participant who is not `me` (the first one should the list ever hold only the caller). */
export function otherParticipant(conversation: Pick<Conversation, 'participants'>, me: string): UserSummary {
  return conversation.participants.find((person) => person.id !== me) ?? conversation.participants[0]!;
}

export function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="lock-icon">
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" stroke="currentColor" strokeWidth="1.6" fill="none" />
    </svg>
  );
}

export const ACCOUNT_TYPE_LABELS: Record<string, string> = {
  client: 'Client',
  freelancer: 'Freelancer',
  business: 'Business',
};
