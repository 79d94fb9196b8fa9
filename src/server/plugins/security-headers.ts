import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Helmet's headers with a CSP for the Vite-built React app: scripts only from our origin (no
 * inline scripts), styles from our origin plus inline ones (React style props and
 * react-toastify's injected stylesheet), images from our origin, data: and blob: (previews of
 * uploads) and, with Google sign-in on, Google's profile pictures; API calls to our origin only;
 * no framing.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const https = config.secureCookies;
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(config.google.enabled ? ['https://*.googleusercontent.com'] : [])],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);
