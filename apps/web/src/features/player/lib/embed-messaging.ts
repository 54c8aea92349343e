// What the iframe adapters need from the page, kept minimal so tests can pass a fake window.
export type MessageLike = { data: unknown; origin: string; source: unknown };
export type MessageTarget = { postMessage(message: string, targetOrigin: string): void };
export type MessageHost = {
  addEventListener(type: 'message', listener: (event: MessageLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageLike) => void): void;
};

export type EmbedHandlers = {
  /** Seconds played and the duration when known. */
  onTime?(seconds: number, duration: number | null): void;
  onPlayingChange?(playing: boolean): void;
};

export type EmbedAdapter = {
  play(): void;
  pause(): void;
  /** The iframe finished loading. */
  handleLoad(): void;
  handleMessage(event: MessageLike): void;
  dispose(): void;
};

export function parseMessage(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'object' && data !== null) return data as Record<string, unknown>;
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const finiteNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
