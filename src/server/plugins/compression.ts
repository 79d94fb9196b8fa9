import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** JSON answers, the error envelope included (`application/json`, `application/problem+json`, ...). */
const JSON_TYPES = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * API answers compressed as the client accepts them: brotli at the plugin's quick level, else
 * gzip; small answers (under 1 KB) as they are. Only JSON: the web app's files are compressed at
 * build time and sent as they are (web-app.ts), the message event stream is written by its
 * handler straight to the socket, and uploaded files are images and documents.
 *
 * Answers up to 128 KiB are compressed in one synchronous call. The plugin's own ceiling falls to
 * 8 KiB on two cores, and above it each answer goes through a compression stream on the thread
 * pool: a page of twenty directory cards (10 to 30 KB) then waited about a millisecond and a
 * half longer for its headers, against a tenth of a millisecond of brotli (quality 4) in one call;
 * 128 KiB takes under two.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      customTypes: JSON_TYPES,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      syncThreshold: 128 * 1024,
    });
  },
  { name: 'compression' },
);
