import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** JSON answers, the error envelope included (`application/json`, `application/problem+json`, ...). */
const JSON_TYPES = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * API answers compressed as the client accepts them: brotli at the plugin's quick level, else
 * gzip; small answers (under 1 KB) as they are. Only JSON: the web app's files are compressed at
 * build time and sent as they are (web-app.ts), the message event stream is written by its
 * handler straight to the socket, and uploaded files are images and documents.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, { customTypes: JSON_TYPES, encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'compression' },
);
