// A course picture, or the built-in placeholder (inline SVG, no request) when there is none or it
// fails to load. Decorative: the course title is always written next to it.
import { useState } from 'react';

export function CourseImage({ src, className = '' }: { src: string | null | undefined; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  return (
    <div className={`relative aspect-video overflow-hidden bg-brand-50 ${className}`}>
      {usable ? (
        <img
          src={usable}
          alt=""
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
          className="size-full object-cover"
          onError={() => setFailedSrc(usable)}
        />
      ) : (
        <CoursePlaceholder />
      )}
    </div>
  );
}

function CoursePlaceholder() {
  return (
    <svg
      viewBox="0 0 320 180"
      className="size-full"
      aria-hidden="true"
      data-testid="course-placeholder"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id="course-placeholder-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ccfbf1" />
          <stop offset="1" stopColor="#99f6e4" />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill="url(#course-placeholder-bg)" />
      <circle cx="40" cy="150" r="50" fill="#5eead4" opacity="0.35" />
      <circle cx="290" cy="30" r="40" fill="#5eead4" opacity="0.35" />
      <g transform="translate(120 50)" fill="none" stroke="#115e59" strokeWidth="6" strokeLinejoin="round">
        <path
          d="M40 16C28 6 12 6 0 10v64c12-4 28-4 40 6 12-10 28-10 40-6V10C68 6 52 6 40 16z"
          fill="#f0fdfa"
        />
        <path d="M40 16v64" />
      </g>
    </svg>
  );
}
