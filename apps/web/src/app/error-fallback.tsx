// Spec: the Arabic 'something went wrong' screen with the error text, advice and a reload button.
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { messages } from '../i18n/messages';
import { isChunkLoadError } from './chunk-errors';

export function ErrorFallback({ error }: { error: unknown }) {
  // A chunk the reload did not bring back is told in Arabic, not in the browser's words.
  const text = isChunkLoadError(error)
    ? messages.errorFallback.chunk
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div
      role="alert"
      className="mx-auto my-16 max-w-xl rounded-2xl border border-red-200 bg-white p-8 shadow-sm"
    >
      <DocumentTitle screen={messages.errorFallback.title} />
      <h1 className="text-2xl font-extrabold text-red-800">{messages.errorFallback.title}</h1>
      <p className="mt-3 rounded-lg bg-red-50 p-3 font-mono text-sm text-red-900" dir="auto">
        {text}
      </p>
      <ul className="mt-4 list-disc space-y-1 ps-6 text-slate-700">
        {messages.errorFallback.advice.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {messages.errorFallback.reload}
      </Button>
    </div>
  );
}
