// What an uploaded file is, from its first bytes, never from the name or Content-Type the browser
// sent: a page saved as "notes.pdf" is refused, and the stored file's extension (which decides the
// Content-Type it is later served with) is the one its bytes prove.
export type FileKind =
  'png' | 'jpg' | 'webp' | 'pdf' | 'doc' | 'xls' | 'ppt' | 'docx' | 'xlsx' | 'pptx' | 'zip';

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpg', 'webp'];
export const ATTACHMENT_KINDS: readonly FileKind[] = [
  'pdf',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'zip',
  'png',
  'jpg',
];

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = ascii('%PDF-');
/** OLE compound file: the container of .doc, .xls and .ppt. */
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = ascii('PK\x03\x04');
const ZIP_CENTRAL = 0x02014b50;

export function sniffFileKind(bytes: Buffer): FileKind | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, CFB)) return compoundFileKind(bytes);
  if (startsWith(bytes, ZIP)) return zipKind(bytes);
  return null;
}

/** The stream a compound file holds names the program: directory entries are UTF-16LE. */
function compoundFileKind(bytes: Buffer): FileKind | null {
  const has = (name: string) => bytes.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return 'doc';
  if (has('PowerPoint Document')) return 'ppt';
  if (has('Workbook') || has('Book')) return 'xls';
  return null;
}

/** Office Open XML is a zip whose entries sit under word/, xl/ or ppt/; read the central directory. */
function zipKind(bytes: Buffer): FileKind {
  const names: string[] = [];
  for (let at = bytes.indexOf('PK\x01\x02'); at >= 0 && at + 46 <= bytes.length;) {
    if (bytes.readUInt32LE(at) !== ZIP_CENTRAL) break;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    names.push(bytes.toString('latin1', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  const under = (folder: string) => names.some((name) => name.startsWith(folder));
  if (!names.includes('[Content_Types].xml')) return 'zip';
  if (under('word/')) return 'docx';
  if (under('xl/')) return 'xlsx';
  if (under('ppt/')) return 'pptx';
  return 'zip';
}

/**
 * A video container ffmpeg reads, from an upload's first bytes (decision 0012): MP4/MOV (`ftyp` at
 * byte 4), Matroska/WebM (EBML), AVI (RIFF….AVI ) or MPEG-TS (sync bytes 188 apart). ffprobe must
 * then find a video stream too.
 */
export type VideoContainer = 'mp4' | 'mkv' | 'avi' | 'ts';

/** How many bytes sniffVideoContainer needs: three MPEG-TS packets' sync bytes. */
export const VIDEO_SNIFF_BYTES = 2 * 188 + 1;

const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const TS_SYNC = 0x47;

export function sniffVideoContainer(bytes: Buffer): VideoContainer | null {
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(bytes, EBML)) return 'mkv';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('AVI '), 8)) return 'avi';
  if (bytes.length >= VIDEO_SNIFF_BYTES && [0, 188, 376].every((at) => bytes[at] === TS_SYNC)) return 'ts';
  return null;
}
