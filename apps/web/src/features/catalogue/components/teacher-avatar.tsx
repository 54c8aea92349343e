// A teacher's photo, or the first letter of the name on a tinted disc when there is none.
import { useState } from 'react';

export function TeacherAvatar({
  name,
  photoUrl,
  alt,
  size = 'size-16',
}: {
  name: string;
  photoUrl: string | null;
  /** Empty when the name is written next to the avatar. */
  alt: string;
  size?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (photoUrl && !failed)
    return (
      <img
        src={photoUrl}
        alt={alt}
        className={`${size} shrink-0 rounded-full border border-slate-200 bg-white object-cover`}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  const initial = name
    .replace(/^(أ|د|م)\.\s*/, '')
    .trim()
    .charAt(0);
  return (
    <span
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-extrabold text-brand-900`}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initial}
    </span>
  );
}
