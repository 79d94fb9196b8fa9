/**
 * The brand, in one place: the web app's header, footer and titles and the server's emails
 * read it. Change the name or colours here, nowhere else.
 */
export const BRAND = {
  productName: 'Versimarket',
  parentCompany: 'Versi Group',
  tagline: 'Discover talent, showcase your business, unlock opportunities.',
  supportEmail: 'support@versimarket.com',
  /** The sender of every email the product sends. */
  mailFrom: 'Versimarket <no-reply@versimarket.com>',
  colors: {
    brand: '#1F71BE',
    brandDark: '#175a98',
    text: '#1b2430',
    muted: '#5b6675',
    background: '#f5f8fc',
  },
} as const;
