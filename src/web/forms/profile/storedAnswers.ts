import type {
  AccountPersonalDetails,
  BusinessOwnProfile,
  ClientProfileDetails,
  FreelancerBusinessDetails,
  FreelancerServiceDetails,
  FreelancerSettingsPrimaryService,
} from '@/api/generated/model';
import type { JsonObject } from '@/forms/types';

/**
 * What the server holds for a section, as the answers of its form: the slugs a select shows
 * rather than the labels the answer carries. Fields a form does not ask (names resolved,
 * `updatedAt`) are dropped by the form itself.
 */
const asAnswers = (value: object): JsonObject => value as unknown as JsonObject;

/** Settings › Personal details: the account's names, then the saved section. */
export function personalDetailsAnswers(
  names: { firstname: string | null; lastname: string | null },
  saved: AccountPersonalDetails | null | undefined,
): JsonObject {
  const start: JsonObject = {};
  if (names.firstname) start.firstname = names.firstname;
  if (names.lastname) start.lastname = names.lastname;
  if (!saved) return start;
  const { phone, country, state, city, timezone } = saved;
  return { ...start, phone, country, state, city, timezone };
}

/** Settings › Profile details of a client. */
export function clientProfileDetailsAnswers(saved: ClientProfileDetails | null | undefined): JsonObject | undefined {
  if (!saved) return undefined;
  return asAnswers({
    companyName: saved.companyName,
    jobTitle: saved.jobTitle,
    industry: saved.industry.slug,
    businessSize: saved.businessSize.slug,
    website: saved.website,
    linkedin: saved.linkedin,
  });
}

/** Settings › Business details of a freelancer. */
export function freelancerBusinessDetailsAnswers(
  saved: FreelancerBusinessDetails | null | undefined,
): JsonObject | undefined {
  if (!saved) return undefined;
  const { country, state, city, line1, line2, postalCode } = saved.address;
  return asAnswers({
    companyName: saved.companyName,
    registrationNumber: saved.registrationNumber,
    vatNumber: saved.vatNumber,
    address: { country, state, city, line1, line2, postalCode },
    invoiceEmail: saved.invoiceEmail,
  });
}

/** The business's sections, each as its onboarding form's answers (undefined when never saved). */
export interface BusinessSectionAnswers {
  details?: JsonObject;
  personalContact?: JsonObject;
  about?: JsonObject;
  socialProfiles?: JsonObject;
  competitors?: JsonObject;
}

/** Social networks not given are left out, rather than sent back as empty. */
function given(links: Record<string, string | null>): JsonObject {
  return Object.fromEntries(Object.entries(links).filter(([, url]) => url !== null)) as JsonObject;
}

export function businessSectionAnswers(profile: BusinessOwnProfile | undefined): BusinessSectionAnswers {
  if (!profile) return {};
  const { details, personalContact, about, socialProfiles, competitors } = profile;
  return {
    details: details
      ? asAnswers({
          companyName: details.companyName,
          tagline: details.tagline,
          description: details.description,
          website: details.website,
          foundedYear: details.foundedYear,
          businessType: details.businessType,
          industry: details.industry,
          logo: details.logo,
        })
      : undefined,
    personalContact: personalContact
      ? asAnswers({
          firstname: personalContact.firstname,
          lastname: personalContact.lastname,
          jobTitle: personalContact.jobTitle,
          phone: personalContact.phone,
          email: personalContact.email,
        })
      : undefined,
    about: about
      ? asAnswers({
          services: about.services.map((service) => service.slug),
          totalEmployees: about.totalEmployees.slug,
          minimumProjectSize: about.minimumProjectSize.slug,
          averageHourlyRate: about.averageHourlyRate.slug,
          languages: about.languages.map((language) => language.code),
        })
      : undefined,
    socialProfiles: socialProfiles ? given(socialProfiles as unknown as Record<string, string | null>) : undefined,
    competitors: competitors ? asAnswers({ competitors: competitors.competitors }) : undefined,
  };
}

/** Onboarding › Primary service: the service and its specialities as chosen. */
export function freelancerPrimaryServiceAnswers(
  saved: FreelancerSettingsPrimaryService | null | undefined,
): JsonObject | undefined {
  if (!saved) return undefined;
  return asAnswers({ serviceSlug: saved.slug, subServiceSlugs: saved.subServices.map((service) => service.slug) });
}

/**
 * Onboarding › Service details of one service: its description, rate, experience and tools
 * (undefined until they are saved). The sample project is not an answer: images sent again
 * make another project, so the step shows the stored one beside the form instead.
 */
export function freelancerServiceDetailsAnswers(
  saved: FreelancerServiceDetails | null | undefined,
): JsonObject | undefined {
  if (!saved?.completed || !saved.hourlyRate) return undefined;
  return asAnswers({
    serviceSlug: saved.service.slug,
    description: saved.description,
    hourlyRate: saved.hourlyRate.amount,
    currency: saved.hourlyRate.currency,
    yearsOfExperience: saved.yearsOfExperience,
    tools: saved.tools.map((tool) => tool.id),
  });
}
