/** Monochrome social glyphs (currentColor), drawn inline so nothing is fetched at run time. */
import type { ReactNode } from 'react';

export type SocialNetwork = 'linkedin' | 'x' | 'facebook' | 'instagram' | 'youtube';

const GLYPHS: Record<SocialNetwork, ReactNode> = {
  linkedin: (
    <path
      fill="currentColor"
      d="M20.45 20.45h-3.56v-5.57c0-1.33-.03-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45z"
    />
  ),
  x: (
    <path
      fill="currentColor"
      d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.78L17.75 3zm-1.08 16.18h1.7L7.4 4.73H5.58l11.09 14.45z"
    />
  ),
  facebook: (
    <path
      fill="currentColor"
      d="M13.5 21.5v-8.1h2.73l.41-3.17H13.5V8.2c0-.92.26-1.54 1.57-1.54h1.68V3.82a22.6 22.6 0 0 0-2.45-.12c-2.42 0-4.08 1.48-4.08 4.2v2.33H7.48v3.17h2.74v8.1h3.28z"
    />
  ),
  instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="1.9">
      <rect x="3.2" y="3.2" width="17.6" height="17.6" rx="5" />
      <circle cx="12" cy="12" r="4.1" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" stroke="none" />
    </g>
  ),
  youtube: (
    <path
      fill="currentColor"
      d="M21.58 7.19a2.5 2.5 0 0 0-1.77-1.77C18.25 5 12 5 12 5s-6.25 0-7.81.42a2.5 2.5 0 0 0-1.77 1.77C2 8.75 2 12 2 12s0 3.25.42 4.81a2.5 2.5 0 0 0 1.77 1.77C5.75 19 12 19 12 19s6.25 0 7.81-.42a2.5 2.5 0 0 0 1.77-1.77C22 15.25 22 12 22 12s0-3.25-.42-4.81zM10 15V9l5.2 3-5.2 3z"
    />
  ),
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {GLYPHS[network]}
    </svg>
  );
}
