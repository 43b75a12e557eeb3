/** One message of a conversation (text as text, links as plain safe links, its attachment) and the composer that posts one. */
import { SelectControl } from '../../../components/select.tsx';
import { LengthCounter } from '../../../components/length-counter.tsx';
import { useCallback, useId, useRef, useState } from 'react';
import type { ChatMessage, PostMessageBody } from '../../../../../common/contract/chats.ts';
import type { DocumentContentType } from '../../../../../common/review.ts';
import { MAX_MESSAGE_LENGTH } from '../../../../../common/service-desk.ts';
import { Button } from '../../../components/button.tsx';
import { FilePreview } from '../../../components/file-preview.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { documentFileProblem } from '../../../lib/document-file.ts';
import { readBase64 } from '../../../lib/read-base64.ts';
import { useAction } from '../../../lib/use-action.ts';
import { chats, fetchMessageFile, postMessage, useCannedReplies } from '../api.ts';
import { linkParts } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';

export function Message({ conversationId, message }: { conversationId: number; message: ChatMessage }) {
  const [open, setOpen] = useState(false);
  const load = useCallback((signal: AbortSignal) => fetchMessageFile(conversationId, message.id, signal), [conversationId, message.id]);
  const who = message.author ? personName(message.author) : message.from_client ? 'Client' : 'Staff';
  return (
    <article className={message.from_client ? 'message message--client' : 'message message--staff'} data-message-id={message.id}>
      <span className="message__who">
        {who} · <time dateTime={message.created_at}>{formatFull(message.created_at)}</time>
      </span>
      {message.body && (
        <p className="message__text">
          {linkParts(message.body).map((part, index) =>
            part.kind === 'text' ? (
              part.text
            ) : (
              <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
                {part.href}
              </a>
            ),
          )}
        </p>
      )}
      {message.attachment && (
        <>
          <button type="button" className="link-button message__file" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {message.attachment.file_name} ({Math.ceil(message.attachment.size_bytes / 1024)} kB)
          </button>
          {open && <FilePreview label={message.attachment.file_name} file={{ ...message.attachment, key: String(message.id), load }} />}
        </>
      )}
    </article>
  );
}

export function Composer({ conversationId, onSent }: { conversationId: number; onSent: (message: ChatMessage) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canned = useCannedReplies();
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useAction({
    run: async (_input: void, { headers }) => {
      const body: PostMessageBody = { body: text, ...(file ? { attachment: { file_name: file.name, content_type: file.type as DocumentContentType, content_base64: await readBase64(file) } } : {}) };
      return postMessage(conversationId, body, headers);
    },
    endpoint: chats.postMessage,
    onSuccess: (message) => {
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onSent(message);
    },
  });
  const blank = text.trim() === '' && !file;
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) void send.run();
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        Message
      </label>
      <textarea
        id={`${id}-text`}
        className="composer__text"
        value={text}
        rows={3}
        placeholder="Write a reply"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (!blank) void send.run();
          }
        }}
      />
      <LengthCounter value={text} limit={MAX_MESSAGE_LENGTH} />
      <div className="composer__tools">
        <label className="visually-hidden" htmlFor={`${id}-canned`}>
          Canned reply
        </label>
        <SelectControl id={`${id}-canned`} className="filter__control" value="" onChange={(value) => setText((canned.data?.results ?? []).find((reply) => String(reply.id) === value)?.body ?? text)}>
          <option value="">Canned reply...</option>
          {(canned.data?.results ?? []).map((reply) => (
            <option key={reply.id} value={String(reply.id)}>
              {reply.title}
            </option>
          ))}
        </SelectControl>
        <label className="composer__attach">
          Attach
          <input
            ref={fileInput}
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              const why = picked ? documentFileProblem(picked, 'Attach') : null;
              setProblem(why);
              setFile(why ? null : picked);
            }}
          />
        </label>
        {file && <span className="composer__file">{file.name}</span>}
        {(problem ?? send.formError) && (
          <span className="composer__problem" role="alert">
            {problem ?? send.formError}
          </span>
        )}
        <Button type="submit" className="composer__send" loading={send.busy} disabled={blank}>
          Send
        </Button>
      </div>
    </form>
  );
}
