import { messages } from '../../i18n/messages';
import { DocumentTitle } from './document-title';

export function Spinner({
  fullPage = false,
  label = messages.common.loading,
}: {
  fullPage?: boolean;
  label?: string;
}) {
  const spinner = (
    <div role="status" className="flex flex-col items-center gap-3 text-brand-700">
      <span
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="text-sm text-slate-600">{label}</span>
    </div>
  );
  // A whole screen that is loading says so in the tab too (the ellipsis is the text's, not the title's).
  return fullPage ? (
    <div className="grid min-h-[60vh] place-items-center">
      <DocumentTitle screen={label.replace(/\.+$/, '')} />
      {spinner}
    </div>
  ) : (
    spinner
  );
}
