// The browser globals that functions run inside the page (page.evaluate, addInitScript,
// waitForFunction) read. The project's Node tsconfig has no DOM library, so such a function starts
// with `const { localStorage } = globalThis as unknown as InPage;` — a cast that is erased before the
// function is sent to the browser.
export type StorageLike = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

export type ElementLike = {
  getAttribute(name: string): string | null;
};

export type VideoLike = ElementLike & {
  currentTime: number;
  duration: number;
  readyState: number;
  ended: boolean;
  muted: boolean;
  play(): Promise<void>;
};

export type InPage = {
  localStorage: StorageLike;
  sessionStorage: StorageLike;
  innerHeight: number;
  scrollTo(x: number, y: number): void;
  getComputedStyle(element: unknown): { direction: string; unicodeBidi: string; lineHeight: string };
  document: {
    documentElement: { lang: string; dir: string };
    querySelector(selector: string): ElementLike | null;
  };
};
