/**
 * The account module's public face beside its service: the profile completion score and the
 * personal details step, which the freelancer onboarding calls too.
 */
export { loadCompletionFacts, profileCompletion } from './completion';
export { readPersonalDetails, updatePersonalDetails } from './personal-details';
