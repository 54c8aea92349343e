// What the media routes decide (decision 0012, Playback): segments and the poster need only a good,
// unexpired mac; playlists and captions also a live session; the key a live session and the lesson
// open to that student now (lesson-access.ts, the rule of contentlesson). Every database read runs
// as the token's tenant, since a link carries no X-Tenant-ID.
import type { Db } from '../../../db/connect';
import type { Tenant } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { runAsTenant } from '../../../lib/tenant-context';
import type { SessionRepository } from '../../auth/sessions';
import type { LessonAccess } from '../../learning/lesson-access';
import type { TenantDirectory } from '../../tenants/directory';
import { videoNames } from '../storage';
import { captionPlaylist, masterPlaylist } from './master-playlist';
import type { MediaGrant, MediaLinks, MediaScope } from './media-links';

export const MEDIA_REFUSED = 'This media link is not valid';
export const MEDIA_NOT_FOUND = 'Not found';

type Deps = {
  db: Db;
  clock: Clock;
  links: MediaLinks;
  tenants: TenantDirectory;
  sessions: SessionRepository;
  access: LessonAccess;
};

export class PlaybackService {
  constructor(private readonly deps: Deps) {}

  /** The grant of a good, unexpired token for `scope`; 403 otherwise. */
  grant(scope: MediaScope, token: string): MediaGrant {
    const grant = this.deps.links.verify(scope, token);
    if (!grant) throw forbidden(MEDIA_REFUSED);
    return grant;
  }

  /** Seconds a response may be cached: never beyond the link's expiry. */
  cacheSeconds(grant: MediaGrant): number {
    return Math.max(0, Math.min(this.deps.links.secondsLeft(grant), 86_400));
  }

  /** The master playlist of the lesson's ready video, for a live session. */
  master(grant: MediaGrant, videoId: number): Promise<string> {
    return this.asTenant(grant, async () => {
      await this.liveSession(grant);
      const [video, captions] = await Promise.all([
        this.readyVideo(grant, videoId),
        this.captionRows(grant).execute(),
      ]);
      const renditions = JSON.parse(video.renditions) as number[];
      return masterPlaylist({ renditions, width: video.width, height: video.height }, captions);
    });
  }

  /** A rendition's stored playlist name, for a live session (the route checks the height's form). */
  variant(grant: MediaGrant, videoId: number, height: number): Promise<string> {
    return this.asTenant(grant, async () => {
      await this.liveSession(grant);
      return videoNames.playlist(grant.tenantId, videoId, height);
    });
  }

  /** The AES-128 key: a live session whose student may open the lesson now. */
  key(grant: MediaGrant, videoId: number): Promise<Buffer> {
    return this.asTenant(grant, async () => {
      const { tenant, userId } = await this.liveSession(grant);
      await this.deps.access.open(tenant, userId, grant.lessonId);
      const video = await this.readyVideo(grant, videoId);
      return Buffer.from(video.key_hex, 'hex');
    });
  }

  /** A caption playlist of an own video, for a live session. */
  captionPlaylist(grant: MediaGrant, videoId: number, language: string): Promise<string> {
    return this.asTenant(grant, async () => {
      await this.liveSession(grant);
      const [video] = await Promise.all([this.readyVideo(grant, videoId), this.captionFile(grant, language)]);
      return captionPlaylist(language, (video.duration_ms ?? 0) / 1000);
    });
  }

  /** The storage name of the lesson's caption file in `language`, for a live session. */
  caption(grant: MediaGrant, language: string): Promise<string> {
    return this.asTenant(grant, async () => {
      await this.liveSession(grant);
      return this.captionFile(grant, language);
    });
  }

  private asTenant<T>(grant: MediaGrant, work: () => Promise<T>): Promise<T> {
    return runAsTenant(grant.tenantId, work);
  }

  private async liveSession(grant: MediaGrant): Promise<{ tenant: Tenant; userId: number }> {
    const tenant = await this.deps.tenants.byId(grant.tenantId);
    const session = tenant
      ? await this.deps.sessions.findLive(grant.sessionId, tenant.id, this.deps.clock.now())
      : null;
    if (!tenant || !session) throw forbidden(MEDIA_REFUSED);
    return { tenant, userId: session.user.id };
  }

  private async readyVideo(grant: MediaGrant, videoId: number) {
    const video = await this.deps.db
      .selectFrom('videos')
      .select(['renditions', 'width', 'height', 'duration_ms', 'key_hex'])
      .where('id', '=', videoId)
      .where('tenant_id', '=', grant.tenantId)
      .where('lesson_id', '=', grant.lessonId)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    if (!video) throw notFound(MEDIA_NOT_FOUND);
    return video;
  }

  private captionRows(grant: MediaGrant) {
    return this.deps.db
      .selectFrom('lesson_captions')
      .select(['language', 'label', 'file_name'])
      .where('tenant_id', '=', grant.tenantId)
      .where('lesson_id', '=', grant.lessonId)
      .orderBy('language');
  }

  private async captionFile(grant: MediaGrant, language: string): Promise<string> {
    const row = await this.captionRows(grant).where('language', '=', language).executeTakeFirst();
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    return row.file_name;
  }
}
