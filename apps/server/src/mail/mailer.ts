// Every mail is written to the outbox table (the operator tool lists it). With SMTP_URL set it is
// then delivered through nodemailer; without, it is only logged, which is enough on a demo machine.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';

export type MailMessage = { tenantId: number | null; to: string; subject: string; text: string };

export class Mailer {
  private readonly transport: Transporter | null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      smtpUrl: string | null;
      from: string;
    },
  ) {
    this.transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  }

  /** Records the mail and starts delivery; delivery failures are recorded, never thrown at the caller. */
  async send(message: MailMessage): Promise<void> {
    const { db, clock, log } = this.deps;
    const row = await db
      .insertInto('outbox')
      .values({
        tenant_id: message.tenantId,
        to_address: message.to,
        subject: message.subject,
        body_text: message.text,
        status: this.transport ? 'pending' : 'logged',
        error: null,
        created_at: clock.now().toISOString(),
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) {
      log.info(
        { outboxId: row.id, to: message.to, subject: message.subject },
        'mail written to the outbox (no SMTP_URL)',
      );
      return;
    }
    const delivery = this.deliver(row.id, message).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Resolves when every delivery started so far has finished (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.transport?.close();
  }

  private async deliver(id: number, message: MailMessage): Promise<void> {
    const { db, clock, log, from } = this.deps;
    try {
      await this.transport!.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: clock.now().toISOString() })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      log.error({ err: error, outboxId: id }, 'mail delivery failed');
      await db
        .updateTable('outbox')
        .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    }
  }
}
