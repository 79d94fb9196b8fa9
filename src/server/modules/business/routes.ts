import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { viewerOf } from '../viewer';
import { asOptions, AVERAGE_HOURLY_RATES, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES, type BusinessBand } from './lookups';
import { businessService } from './service';

type Schemas = components['schemas'];

const business = (request: FastifyRequest) => businessService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;

/** Onboarding answers change with every step: never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
/** The lookup lists change only with a deployment. */
const LIST_CACHE = 'public, max-age=3600';
/** A public profile changes when its business edits it: kept briefly. */
const PROFILE_CACHE = 'public, max-age=60';

const bandList =
  (bands: readonly BusinessBand[]) =>
  async (_request: FastifyRequest, reply: FastifyReply): Promise<Schemas['OptionList']> => {
    reply.header('cache-control', LIST_CACHE);
    return { status: 'success', message: 'OK', data: asOptions(bands) };
  };

/** The business tag: onboarding sections, offices, lookup lists and the public profile (B01-B13, B18-B22). */
export const businessRoutes: OperationHandlers = {
  setBusinessDetails: async (request, reply): Promise<Schemas['BusinessDetailsSetResponse']> => {
    const data = await business(request).saveDetails(caller(request), request.body as never, 'set');
    noStore(reply);
    return { status: 'success', message: 'Business details saved.', data };
  },
  updateBusinessDetails: async (request, reply): Promise<Schemas['BusinessDetailsUpdateResponse']> => {
    const { details } = await business(request).saveDetails(caller(request), request.body as never, 'update');
    noStore(reply);
    return { status: 'success', message: 'Business details updated.', data: { details } };
  },

  setBusinessPersonalContact: async (request, reply): Promise<Schemas['BusinessPersonalContactSetResponse']> => {
    const data = await business(request).savePersonalContact(caller(request), request.body as never, 'set');
    noStore(reply);
    return { status: 'success', message: 'Personal contact saved.', data };
  },
  updateBusinessPersonalContact: async (request, reply): Promise<Schemas['BusinessPersonalContactUpdateResponse']> => {
    const { personalContact } = await business(request).savePersonalContact(
      caller(request),
      request.body as never,
      'update',
    );
    noStore(reply);
    return { status: 'success', message: 'Personal contact updated.', data: { personalContact } };
  },

  setBusinessAbout: async (request, reply): Promise<Schemas['BusinessAboutSetResponse']> => {
    const data = await business(request).saveAbout(caller(request), request.body as never, 'set');
    noStore(reply);
    return { status: 'success', message: 'About section saved.', data };
  },
  updateBusinessAbout: async (request, reply): Promise<Schemas['BusinessAboutUpdateResponse']> => {
    const { about } = await business(request).saveAbout(caller(request), request.body as never, 'update');
    noStore(reply);
    return { status: 'success', message: 'About section updated.', data: { about } };
  },

  setBusinessLocations: async (request, reply): Promise<Schemas['BusinessLocationsSetResponse']> => {
    const data = await business(request).setLocations(caller(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Locations saved.', data };
  },
  addBusinessLocation: async (request, reply): Promise<Schemas['BusinessLocationResponse']> => {
    const data = await business(request).addLocation(caller(request), request.body as never);
    noStore(reply).code(201);
    return { status: 'success', message: 'Location added.', data };
  },
  updateBusinessLocation: async (request, reply): Promise<Schemas['BusinessLocationResponse']> => {
    const { id } = request.params as { id: string };
    const data = await business(request).updateLocation(caller(request), id, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Location updated.', data };
  },

  setBusinessSocialProfiles: async (request, reply): Promise<Schemas['BusinessSocialProfilesSetResponse']> => {
    const data = await business(request).saveSocialProfiles(caller(request), request.body as never, 'set');
    noStore(reply);
    return { status: 'success', message: 'Social profiles saved.', data };
  },
  updateBusinessSocialProfiles: async (request, reply): Promise<Schemas['BusinessSocialProfilesUpdateResponse']> => {
    const { socialProfiles } = await business(request).saveSocialProfiles(
      caller(request),
      request.body as never,
      'update',
    );
    noStore(reply);
    return { status: 'success', message: 'Social profiles updated.', data: { socialProfiles } };
  },

  setBusinessCompetitors: async (request, reply): Promise<Schemas['BusinessCompetitorsSetResponse']> => {
    const data = await business(request).saveCompetitors(caller(request), request.body as never, 'set');
    noStore(reply);
    return { status: 'success', message: 'Competitors saved.', data };
  },
  updateBusinessCompetitors: async (request, reply): Promise<Schemas['BusinessCompetitorsUpdateResponse']> => {
    const { competitors } = await business(request).saveCompetitors(caller(request), request.body as never, 'update');
    noStore(reply);
    return { status: 'success', message: 'Competitors updated.', data: { competitors } };
  },

  listBusinessServices: async (request, reply): Promise<Schemas['BusinessServiceOptionList']> => {
    const data = await business(request).services();
    reply.header('cache-control', LIST_CACHE);
    return { status: 'success', message: 'OK', data };
  },
  listTotalEmployeeRanges: bandList(TOTAL_EMPLOYEES),
  listMinimumProjectSizes: bandList(MINIMUM_PROJECT_SIZES),
  listAverageHourlyRates: bandList(AVERAGE_HOURLY_RATES),

  getPublicBusinessProfile: async (request, reply): Promise<Schemas['BusinessPublicProfileResponse']> => {
    const { companyId } = request.params as { companyId: string };
    const data = await business(request).publicProfile(companyId);
    reply.header('cache-control', PROFILE_CACHE);
    return { status: 'success', message: 'OK', data };
  },
};
