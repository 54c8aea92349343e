// A video lesson's attachment: 'Course Materials', a file-type badge and a download link.
import { playerMessages } from '../../../i18n/player';
import { fileTypeBadge } from '../lib/file-type';
import { DownloadIcon, FileIcon } from './icons';

const t = playerMessages.attachment;

export function AttachmentCard({ url, title }: { url: string; title: string | null }) {
  const name = title?.trim() || t.untitled;
  return (
    <section
      aria-labelledby="attachment-heading"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="attachment-heading" className="mb-3 font-bold text-slate-900">
        {t.title}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <FileIcon />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-slate-900">{name}</p>
          <span className="mt-1 inline-block rounded-md bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700">
            {fileTypeBadge(url)}
          </span>
        </div>
        <a
          href={url}
          download
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.downloadLabel(name)}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
        >
          <DownloadIcon />
          {t.download}
        </a>
      </div>
    </section>
  );
}
