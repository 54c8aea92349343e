// A bar drawn with CSS for the statistics screen: its width is the share of the largest value. It is
// decoration; the number beside it is what is read out.
export function StatsBar({
  percent,
  tone = 'brand',
}: {
  percent: number;
  tone?: 'brand' | 'low' | 'mid' | 'high';
}) {
  const width = Math.max(0, Math.min(100, percent));
  const colour = { brand: 'bg-brand-600', low: 'bg-red-600', mid: 'bg-amber-500', high: 'bg-green-600' }[
    tone
  ];
  return (
    <div aria-hidden="true" className="h-3 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200">
      <div className={`h-full rounded-full ${colour}`} style={{ width: `${width}%` }} />
    </div>
  );
}
