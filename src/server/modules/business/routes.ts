import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { asOptions, AVERAGE_HOURLY_RATES, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES, type BusinessBand } from './lookups';
import { businessService } from './service';

const business = (request: FastifyRequest) => businessService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;

const bandList = (bands: readonly BusinessBand[]) => async () => asOptions(bands);

/** The business tag: onboarding sections, offices, lookup lists and the public profile (B01-B13, B18-B22). */
export const businessRoutes: OperationHandlers = {
  setBusinessDetails: async (request) => {
    const data = await business(request).saveDetails(caller(request), request.body, 'set');
    return answer(data, { message: 'Business details saved.' });
  },
  updateBusinessDetails: async (request) => {
    const { details } = await business(request).saveDetails(caller(request), request.body, 'update');
    return answer({ details }, { message: 'Business details updated.' });
  },

  setBusinessPersonalContact: async (request) => {
    const data = await business(request).savePersonalContact(caller(request), request.body, 'set');
    return answer(data, { message: 'Personal contact saved.' });
  },
  updateBusinessPersonalContact: async (request) => {
    const { personalContact } = await business(request).savePersonalContact(caller(request), request.body, 'update');
    return answer({ personalContact }, { message: 'Personal contact updated.' });
  },

  setBusinessAbout: async (request) => {
    const data = await business(request).saveAbout(caller(request), request.body, 'set');
    return answer(data, { message: 'About section saved.' });
  },
  updateBusinessAbout: async (request) => {
    const { about } = await business(request).saveAbout(caller(request), request.body, 'update');
    return answer({ about }, { message: 'About section updated.' });
  },

  setBusinessLocations: async (request) => {
    const data = await business(request).setLocations(caller(request), request.body);
    return answer(data, { message: 'Locations saved.' });
  },
  addBusinessLocation: async (request) => {
    const data = await business(request).addLocation(caller(request), request.body);
    return answer(data, { message: 'Location added.' });
  },
  updateBusinessLocation: async (request) => {
    const data = await business(request).updateLocation(caller(request), request.params.id, request.body);
    return answer(data, { message: 'Location updated.' });
  },

  setBusinessSocialProfiles: async (request) => {
    const data = await business(request).saveSocialProfiles(caller(request), request.body, 'set');
    return answer(data, { message: 'Social profiles saved.' });
  },
  updateBusinessSocialProfiles: async (request) => {
    const { socialProfiles } = await business(request).saveSocialProfiles(caller(request), request.body, 'update');
    return answer({ socialProfiles }, { message: 'Social profiles updated.' });
  },

  setBusinessCompetitors: async (request) => {
    const data = await business(request).saveCompetitors(caller(request), request.body, 'set');
    return answer(data, { message: 'Competitors saved.' });
  },
  updateBusinessCompetitors: async (request) => {
    const { competitors } = await business(request).saveCompetitors(caller(request), request.body, 'update');
    return answer({ competitors }, { message: 'Competitors updated.' });
  },

  listBusinessServices: (request) => business(request).services(),
  listTotalEmployeeRanges: bandList(TOTAL_EMPLOYEES),
  listMinimumProjectSizes: bandList(MINIMUM_PROJECT_SIZES),
  listAverageHourlyRates: bandList(AVERAGE_HOURLY_RATES),

  getPublicBusinessProfile: (request) => business(request).publicProfile(request.params.companyId),
};
