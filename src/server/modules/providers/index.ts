/**
 * The providers module's public face beside its service. Freelancer, business, account and
 * reference calls all write one provider profile: they take its lock, save its sections and
 * refresh its directory listing inside their own transactions, and read its onboarding progress,
 * places and service taxonomy. Other modules import these from here (ESLint checks it), never
 * from the files that hold them.
 */
export { refreshListing } from './listing';
export { publicPersonName } from './names';
export { resolvePlace } from './places';
export {
  accountOf,
  findProfile,
  hasSection,
  lockProfile,
  saveSection,
  SECTION,
  sectionData,
  updateProfileColumns,
  type SectionKey,
} from './profile-store';
export {
  authProgress,
  businessNextStep,
  freelancerNextStep,
  loadProviderState,
  primaryService,
  type ProviderState,
} from './progress';
export { listProviderServices, projectCounts } from './services-store';
export { loadTaxonomy, summary, type Taxonomy } from './taxonomy';
