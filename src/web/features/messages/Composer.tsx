import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { ApiError } from '@/api/mutator';
import { sendMessage } from '@/api/generated/messages/messages';
import type { Message } from '@/api/generated/model';
import { AttachmentUploadWidget } from '@/forms/AttachmentUploadWidget';
import { CONVERSATION_LIST_PREFIX, conversationMessagesPrefix } from '@/lib/messageEvents';
import { FormAlert } from '@/ui/form/FormAlert';
import { TextAreaField } from '@/ui/form/TextAreaField';

export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_MAX_FILES = 5;

interface ComposerProps {
  conversationId: string;
  /** Called with the message the server stored, to show it at once. */
  onSent: (message: Message) => void;
}

interface Problems {
  body?: string;
  attachments?: string;
  general?: string;
}

function problemsOf(error: unknown): Problems {
  if (!(error instanceof ApiError))
    return { general: 'Your message was not sent. Check your connection and try again.' };
  const attachmentFault = error.body.errors?.find((fault) => fault.field.startsWith('attachmentIds'));
  const body = error.fieldError('body');
  if (body || attachmentFault) return { body, attachments: attachmentFault?.message };
  return { general: error.message };
}

/**
 * The reply box: a labelled text area, files through the same upload widget as request
 * attachments (uploaded first, sent as `attachmentIds`), and Send; Ctrl+Enter or Cmd+Enter
 * sends too, Enter alone starts a new line.
 */
export function Composer({ conversationId, onSent }: ComposerProps) {
  const queryClient = useQueryClient();
  const attachmentsId = useId();
  const [body, setBody] = useState('');
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  // The upload widget keeps its own list; a new key clears it after a send.
  const [round, setRound] = useState(0);

  const send = useMutation({
    mutationFn: (input: { body: string; attachmentIds: string[] }) =>
      sendMessage(conversationId, {
        body: input.body,
        ...(input.attachmentIds.length ? { attachmentIds: input.attachmentIds } : {}),
      }),
    onSuccess: (response) => {
      setBody('');
      setAttachmentIds([]);
      setRound((value) => value + 1);
      setProblems({});
      onSent(response.data);
      void queryClient.invalidateQueries({ queryKey: [CONVERSATION_LIST_PREFIX] });
    },
    onError: (error) => {
      setProblems(problemsOf(error));
      // Locked since the page loaded (or no longer): show the conversation as it is now.
      if (error instanceof ApiError && (error.httpStatus === 409 || error.httpStatus === 404)) {
        void queryClient.invalidateQueries({ queryKey: conversationMessagesPrefix(conversationId) });
      }
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const text = body.trim();
    if (!text) {
      setProblems({ body: attachmentIds.length ? 'Add a few words about the files.' : 'Write a message first.' });
      return;
    }
    if (text.length > MESSAGE_MAX_LENGTH) {
      setProblems({ body: `Keep it under ${MESSAGE_MAX_LENGTH} characters.` });
      return;
    }
    setProblems({});
    send.mutate({ body: text, attachmentIds });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const widgetProps = {
    id: attachmentsId,
    name: 'attachmentIds',
    value: attachmentIds,
    onChange: (next: unknown) => setAttachmentIds(Array.isArray(next) ? next.map(String) : []),
    schema: { type: 'array', maxItems: MESSAGE_MAX_FILES },
    uiSchema: {},
    rawErrors: problems.attachments ? [problems.attachments] : undefined,
    disabled: send.isPending,
    readonly: false,
  } as unknown as WidgetProps;

  return (
    <form className="composer" onSubmit={submit} noValidate aria-label="Reply">
      <FormAlert>{problems.general}</FormAlert>
      <TextAreaField
        label="Your message"
        name="body"
        rows={4}
        value={body}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        error={problems.body}
        hint="Press Ctrl+Enter (Cmd+Enter on a Mac) to send."
      />
      <fieldset className="composer__files">
        <legend className="field__label">Attachments (optional)</legend>
        <AttachmentUploadWidget key={round} {...widgetProps} />
        {problems.attachments && (
          <p className="field__error" role="alert">
            {problems.attachments}
          </p>
        )}
      </fieldset>
      <div className="composer__actions">
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
