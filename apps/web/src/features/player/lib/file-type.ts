// The badge of an attachment: its file extension (PDF, DOC, …) read from the URL's path, or a
// generic 'file' when the path has none we know (signed download links, web pages).
import { playerMessages } from '../../../i18n/player';

const KNOWN = new Set([
  'pdf',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'txt',
  'rtf',
  'zip',
  'rar',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'mp3',
  'mp4',
]);

export function fileTypeBadge(url: string): string {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return playerMessages.attachment.unknownType;
  }
  const match = /\.([a-z0-9]+)$/i.exec(decodeURIComponentSafe(path));
  const extension = match?.[1]?.toLowerCase();
  return extension && KNOWN.has(extension) ? extension.toUpperCase() : playerMessages.attachment.unknownType;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
