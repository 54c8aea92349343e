// What a device called itself, kept so that a student locked out by the device limit can tell their
// devices apart (issue 15): the User-Agent header at login, trimmed, and read back as a browser and an
// operating system. No address and no place is kept or guessed. Parsed with bowser (MIT, no
// dependencies, ~65 kB, server-side only); ua-parser-js 2.x is AGPL and was not taken.
import Bowser from 'bowser';

/** The column's size (migration 0007). Real User-Agents are well under it. */
export const MAX_USER_AGENT = 400;

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The header as stored: control characters dropped, trimmed, cut to the column; null when empty. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header.join(' ') : (header ?? '');
  const clean = raw.replace(CONTROL_CHARACTERS, '').trim().slice(0, MAX_USER_AGENT).trim();
  return clean === '' ? null : clean;
}

export type DeviceDescription = { browser: string | null; os: string | null };

/** Browser name and OS (with the version people know it by: "Windows 10", "Android 14", "iOS 17"). */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent);
  const major = os.version?.split('.')[0];
  let osName = os.name || null;
  if (osName === 'Windows' && os.versionName) osName = `Windows ${os.versionName}`;
  else if (osName && (osName === 'Android' || osName === 'iOS') && major) osName = `${osName} ${major}`;
  return { browser: browser.name || null, os: osName };
}
