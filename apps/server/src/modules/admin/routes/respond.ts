// Small helpers every admin route uses: the success envelope, a CSV download, and upload limits.
import { ADMIN_LIMITS } from '@app/contract';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../csv';

export const tags = ['Admin'];

export const ok = <T>(data: T, message: string | null = null) => ({ success: true, message, data });

export function sendCsv(reply: FastifyReply, file: { fileName: string; body: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentDisposition(file.fileName))
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

/** Route config of an upload: one `file` part up to the contract's size. */
export const uploadConfig = {
  multipartOptions: { limits: { files: 1, parts: 2, fileSize: ADMIN_LIMITS.maxUploadBytes } },
};
