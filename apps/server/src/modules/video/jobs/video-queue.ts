// Where transcoding jobs wait (decision 0012): in this process (`embedded`) or on Redis (`bullmq`).
// Either way the `videos` row is the job's record and the runner's conditional UPDATE its claim.
export type QueuedVideo = { id: number; tenantId: number; attempt: number };

export interface VideoQueue {
  readonly kind: 'embedded' | 'bullmq';
  /** Makes the job known to whoever runs jobs (the row is already `queued`). */
  enqueue(video: QueuedVideo): Promise<void>;
  /** The row was cancelled: kill its ffmpeg at once when this process runs it. */
  cancelled(videoId: number): void;
  /** Stops taking jobs and hands running ones back to the queue. */
  close(): Promise<void>;
}
