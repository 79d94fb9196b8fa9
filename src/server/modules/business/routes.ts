import type { FastifyRequest } from 'fastify';
import { withMessage, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { asOptions, AVERAGE_HOURLY_RATES, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES, type BusinessBand } from './lookups';
import { businessService } from './service';

const business = (request: FastifyRequest) => businessService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;

const bandList = (bands: readonly BusinessBand[]) => async () => asOptions(bands);

/** The business tag: onboarding sections, offices, lookup lists and the public profile (B01-B13, B18-B22). */
export const businessRoutes: OperationHandlers = {
  getBusinessProfile: (request) => business(request).ownProfile(caller(request)),

  setBusinessDetails: withMessage('Business details saved.', (request) =>
    business(request).saveDetails(caller(request), request.body, 'set'),
  ),
  updateBusinessDetails: withMessage('Business details updated.', async (request) => {
    const { details } = await business(request).saveDetails(caller(request), request.body, 'update');
    return { details };
  }),

  setBusinessPersonalContact: withMessage('Personal contact saved.', (request) =>
    business(request).savePersonalContact(caller(request), request.body, 'set'),
  ),
  updateBusinessPersonalContact: withMessage('Personal contact updated.', async (request) => {
    const { personalContact } = await business(request).savePersonalContact(caller(request), request.body, 'update');
    return { personalContact };
  }),

  setBusinessAbout: withMessage('About section saved.', (request) =>
    business(request).saveAbout(caller(request), request.body, 'set'),
  ),
  updateBusinessAbout: withMessage('About section updated.', async (request) => {
    const { about } = await business(request).saveAbout(caller(request), request.body, 'update');
    return { about };
  }),

  setBusinessLocations: withMessage('Locations saved.', (request) =>
    business(request).setLocations(caller(request), request.body),
  ),
  addBusinessLocation: withMessage('Location added.', (request) =>
    business(request).addLocation(caller(request), request.body),
  ),
  updateBusinessLocation: withMessage('Location updated.', (request) =>
    business(request).updateLocation(caller(request), request.params.id, request.body),
  ),

  setBusinessSocialProfiles: withMessage('Social profiles saved.', (request) =>
    business(request).saveSocialProfiles(caller(request), request.body, 'set'),
  ),
  updateBusinessSocialProfiles: withMessage('Social profiles updated.', async (request) => {
    const { socialProfiles } = await business(request).saveSocialProfiles(caller(request), request.body, 'update');
    return { socialProfiles };
  }),

  setBusinessCompetitors: withMessage('Competitors saved.', (request) =>
    business(request).saveCompetitors(caller(request), request.body, 'set'),
  ),
  updateBusinessCompetitors: withMessage('Competitors updated.', async (request) => {
    const { competitors } = await business(request).saveCompetitors(caller(request), request.body, 'update');
    return { competitors };
  }),

  listBusinessServices: (request) => business(request).services(),
  listTotalEmployeeRanges: bandList(TOTAL_EMPLOYEES),
  listMinimumProjectSizes: bandList(MINIMUM_PROJECT_SIZES),
  listAverageHourlyRates: bandList(AVERAGE_HOURLY_RATES),

  getPublicBusinessProfile: (request) => business(request).publicProfile(request.params.companyId),
};
