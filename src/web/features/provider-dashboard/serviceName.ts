import type { AuthUser } from '@/lib/auth';

/** A service family's name as the account knows it, else its slug made readable. */
export function serviceName(user: AuthUser | null, slug: string): string {
  const services = user ? [...(user.primaryService ? [user.primaryService] : []), ...user.otherServices] : [];
  const known = services.find((service) => service.slug === slug);
  if (known) return known.name;
  const words = slug.replace(/-and-/g, ' and ').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
