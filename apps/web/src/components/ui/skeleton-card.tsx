// Shimmering placeholders shown while a grid of cards loads (spec: 6 placeholder cards).
export const SKELETON_CARD_COUNT = 6;

export function SkeletonCard({ media = true }: { media?: boolean }) {
  return (
    <div
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="skeleton-card"
    >
      {media ? <div className="aspect-video animate-pulse bg-slate-200" /> : null}
      <div className="space-y-3 p-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="flex gap-2">
          <div className="h-5 w-16 animate-pulse rounded-full bg-slate-200" />
          <div className="h-5 w-20 animate-pulse rounded-full bg-slate-200" />
        </div>
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-10 w-full animate-pulse rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}

/** The loading state of a card grid: announced once, with `count` placeholder cards. */
export function SkeletonGrid({
  label,
  count = SKELETON_CARD_COUNT,
  className = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3',
  media = true,
}: {
  label: string;
  count?: number;
  className?: string;
  /** Whether the cards have a picture on top. */
  media?: boolean;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <span className="sr-only">{label}</span>
      <div className={className} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <SkeletonCard key={index} media={media} />
        ))}
      </div>
    </div>
  );
}
