// Compact buttons for table rows and lists (the shared Button is sized for forms).
export const rowButton = (tone: 'neutral' | 'danger' = 'neutral') =>
  `inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-xl px-3 py-1 font-semibold transition-colors disabled:cursor-not-allowed disabled:text-slate-400 ${
    tone === 'danger' ? 'text-red-800 hover:bg-red-50' : 'text-brand-800 hover:bg-brand-50'
  }`;
