/**
 * The Contact button of a freelancer or business (public profiles, directory cards) and its
 * dialog. A signed-in client writes a first message (createConversation), optionally inviting
 * the provider to one of their open requests; a freelancer or business writes to another provider
 * without a request; a visitor, or anyone who prefers email, sends the guest contact form
 * (sendGuestDirectContact). Hidden on one's own profile.
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '../api/mutator';
import { useCreateConversation, useSendGuestDirectContact } from '../api/generated/messages/messages';
import { useListClientServiceRequests } from '../api/generated/requests/requests';
import { useAuth } from '../lib/auth';
import { CONVERSATION_LIST_PREFIX } from '../lib/messageEvents';
import { Dialog } from './Dialog';
import { FormAlert } from './form/FormAlert';
import { SelectField } from './form/SelectField';
import { TextAreaField } from './form/TextAreaField';
import { TextField } from './form/TextField';

export interface ContactRecipient {
  /** The provider's account id (the message's `recipientId`). */
  id: string;
  name: string;
}

const MESSAGE_MAX = 5000;
const GUEST_MESSAGE_MIN = 20;
const GUEST_MESSAGE_MAX = 3000;
const PHONE_PATTERN = /^\+[1-9][0-9]{6,14}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The requests a client can invite a provider to. */
const INVITABLE = new Set(['open', 'in-review']);

type Errors = Record<string, string | undefined>;

function errorsOf(error: unknown, fields: readonly string[]): { fields: Errors; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'Your message could not be sent. Please try again.' };
  const found: Errors = {};
  for (const field of fields) found[field] = error.fieldError(field);
  const anyField = Object.values(found).some(Boolean);
  return { fields: found, general: anyField ? null : error.message };
}

/** The request a message is about, fixed by the page it is written from (a proposal on it). */
export interface MessageTopic {
  id: string;
  title: string;
}

function MessageForm({
  recipient,
  about,
  onGuest,
  onClose,
}: {
  recipient: ContactRecipient;
  about?: MessageTopic;
  onGuest?: () => void;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const isClient = user?.accountType === 'client';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requests = useListClientServiceRequests({ page: 1, pageSize: 100 }, { query: { enabled: isClient && !about } });
  const invitable = (requests.data?.data.items ?? []).filter((request) => INVITABLE.has(request.status));
  const [body, setBody] = useState('');
  const [requestId, setRequestId] = useState(about?.id ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const create = useCreateConversation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    const local: Errors = {
      body: !text
        ? 'Write a message.'
        : text.length > MESSAGE_MAX
          ? `Keep it under ${MESSAGE_MAX} characters.`
          : undefined,
    };
    setErrors(local);
    setGeneral(null);
    if (local.body) return;
    create.mutate(
      { data: { recipientId: recipient.id, body: text, ...(requestId ? { requestId } : {}) } },
      {
        onSuccess: (response) => {
          void queryClient.invalidateQueries({ queryKey: [CONVERSATION_LIST_PREFIX] });
          onClose();
          void navigate({ to: '/dashboard/messages/conversation/$id/details/', params: { id: response.data.id } });
        },
        onError: (error) => {
          const found = errorsOf(error, ['body', 'requestId', 'recipientId', 'subject']);
          setErrors(found.fields);
          setGeneral(found.general ?? found.fields.recipientId ?? found.fields.subject ?? null);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert>{general}</FormAlert>
      {about && <p className="dialog__about">About your request “{about.title}”</p>}
      <TextAreaField
        label="Your message"
        name="body"
        value={body}
        maxLength={MESSAGE_MAX}
        onChange={(event) => setBody(event.target.value)}
        error={errors.body}
        hint="Say what you need and when. They reply in your messages."
        required
      />
      {isClient && !about && invitable.length > 0 && (
        <SelectField
          label="Invite them to one of your requests (optional)"
          name="requestId"
          placeholder="No request: just a message"
          options={invitable.map((request) => ({ value: request.id, label: `${request.title} (${request.refId})` }))}
          value={requestId}
          onChange={(event) => setRequestId(event.target.value)}
          error={errors.requestId}
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Send message'}
        </button>
      </div>
      {onGuest && (
        <p className="dialog__switch">
          Prefer email?{' '}
          <button type="button" className="link-button" onClick={onGuest}>
            Send {recipient.name} an email instead
          </button>
        </p>
      )}
    </form>
  );
}

function GuestForm({ recipient, onClose }: { recipient: ContactRecipient; onClose: () => void }) {
  const { user } = useAuth();
  const [values, setValues] = useState({
    name: user?.displayName ?? '',
    email: user?.email ?? '',
    phone: '',
    message: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendGuestDirectContact();

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = values.name.trim();
    const email = values.email.trim();
    const phone = values.phone.replace(/[\s()-]/g, '');
    const message = values.message.trim();
    const local: Errors = {
      name: name.length < 2 ? 'Enter your name.' : undefined,
      email: !EMAIL_PATTERN.test(email) ? 'Enter an email address they can reply to.' : undefined,
      phone:
        phone && !PHONE_PATTERN.test(phone) ? 'Enter the number with its country code, like +4930901820.' : undefined,
      message:
        message.length < GUEST_MESSAGE_MIN
          ? `Write at least ${GUEST_MESSAGE_MIN} characters.`
          : message.length > GUEST_MESSAGE_MAX
            ? `Keep it under ${GUEST_MESSAGE_MAX} characters.`
            : undefined,
    };
    setErrors(local);
    setGeneral(null);
    if (Object.values(local).some(Boolean)) return;
    send.mutate(
      { data: { recipientId: recipient.id, name, email, message, ...(phone ? { phone } : {}) } },
      {
        onSuccess: () => setSent(email),
        onError: (error) => {
          const found = errorsOf(error, ['name', 'email', 'phone', 'message', 'recipientId']);
          setErrors(found.fields);
          setGeneral(found.general ?? found.fields.recipientId ?? null);
        },
      },
    );
  };

  if (sent) {
    return (
      <div>
        <FormAlert tone="success">
          Your message is sent to {recipient.name}. A copy is on its way to {sent}; they will reply by email.
        </FormAlert>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert>{general}</FormAlert>
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        required
      />
      <TextField
        label="Your email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <TextField
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        hint="With the country code, like +4930901820."
      />
      <TextAreaField
        label="Your message"
        name="message"
        value={values.message}
        maxLength={GUEST_MESSAGE_MAX}
        onChange={set('message')}
        error={errors.message}
        hint={`${GUEST_MESSAGE_MIN} to ${GUEST_MESSAGE_MAX} characters.`}
        required
      />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}

/**
 * "Contact" and its dialog. `className` styles the button; nothing renders on one's own profile
 * (`isOwn`, or the signed-in account being the recipient).
 */
export function ContactButton({
  recipient,
  isOwn = false,
  className = 'button button--primary',
}: {
  recipient: ContactRecipient;
  isOwn?: boolean;
  className?: string;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [guest, setGuest] = useState(false);
  if (isOwn || user?.id === recipient.id) return null;

  // Clients write to providers, and providers to providers; visitors use the guest form.
  const canMessage = Boolean(user);
  const asGuest = guest || !canMessage;
  const close = () => {
    setOpen(false);
    setGuest(false);
  };

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={`Contact ${recipient.name}`}
        onClick={() => setOpen(true)}
      >
        Contact
      </button>
      {open && (
        <Dialog
          title={`Contact ${recipient.name}`}
          onClose={close}
          description={
            asGuest
              ? `Your message goes to ${recipient.name} by email, with your details so they can reply.`
              : `Your message starts a conversation in your messages.`
          }
        >
          {asGuest ? (
            <GuestForm recipient={recipient} onClose={close} />
          ) : (
            <MessageForm recipient={recipient} onGuest={() => setGuest(true)} onClose={close} />
          )}
        </Dialog>
      )}
    </>
  );
}

/**
 * "Message" on something a conversation is about (a proposal on the client's request): the
 * dialog writes to the provider about that request. An existing conversation between the two
 * about it takes the message (createConversation answers it), so there is never a second one.
 */
export function MessageButton({
  recipient,
  about,
  className = 'button button--secondary button--small',
}: {
  recipient: ContactRecipient;
  about: MessageTopic;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={`Message ${recipient.name}`}
        onClick={() => setOpen(true)}
      >
        Message
      </button>
      {open && (
        <Dialog
          title={`Message ${recipient.name}`}
          onClose={() => setOpen(false)}
          description="Your message goes to their messages; the conversation opens when it is sent."
        >
          <MessageForm recipient={recipient} about={about} onClose={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}
