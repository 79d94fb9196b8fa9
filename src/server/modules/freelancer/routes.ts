import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartBody } from '../../contract/multipart';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { viewerOf } from '../viewer';
import { PROJECT_SIZES } from './project-sizes';
import { projectService } from './projects';
import { publicFreelancerService } from './public';
import { freelancerService } from './service';

type Schemas = components['schemas'];
type PageQuery = { page?: number; pageSize?: number };

const freelancer = (request: FastifyRequest) => freelancerService(request.server);
const projects = (request: FastifyRequest) => projectService(request.server);
const publicPages = (request: FastifyRequest) => publicFreelancerService(request.server);
const userId = (request: FastifyRequest) => viewerOf(request).userId;
const pageOf = (request: FastifyRequest) => {
  const query = request.query as PageQuery;
  return { page: query.page ?? 1, pageSize: query.pageSize ?? 20 };
};

/** The owner's answers change with every write: never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
/** Public pages may be kept a minute by anyone; they differ per viewer only for the owner. */
const publicCache = (reply: FastifyReply) =>
  reply.header('cache-control', 'public, max-age=60').header('vary', 'cookie');

/** The freelancer tag: profile sections, services, portfolio projects and the public pages. */
export const freelancerRoutes: OperationHandlers = {
  updateFreelancerAbout: async (request, reply): Promise<Schemas['FreelancerAboutResponse']> => {
    const data = await freelancer(request).updateAbout(userId(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'About section saved.', data };
  },
  listProjectSizes: async (_request, reply): Promise<Schemas['FreelancerProjectSizeList']> => {
    reply.header('cache-control', 'public, max-age=3600');
    return { status: 'success', message: 'OK', data: PROJECT_SIZES };
  },
  addFreelancerProject: async (request, reply): Promise<Schemas['FreelancerProjectResponse']> => {
    const data = await projects(request).add(userId(request), request.body as MultipartBody);
    reply.code(201);
    noStore(reply);
    return { status: 'success', message: 'Project added.', data };
  },
  updateFreelancerProject: async (request, reply): Promise<Schemas['FreelancerProjectResponse']> => {
    const { id } = request.params as { id: string };
    const data = await projects(request).update(userId(request), id, request.body as MultipartBody);
    noStore(reply);
    return { status: 'success', message: 'Project updated.', data };
  },
  setFreelancerServiceDetails: async (request, reply): Promise<Schemas['FreelancerServiceDetailsSetResponse']> => {
    const data = await freelancer(request).setServiceDetails(userId(request), request.body as MultipartBody);
    noStore(reply);
    return { status: 'success', message: 'Service details saved.', data };
  },
  setFreelancerEducation: async (request, reply): Promise<Schemas['FreelancerEducationResponse']> => {
    const data = await freelancer(request).setEducation(userId(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Education saved.', data };
  },
  setFreelancerExperience: async (request, reply): Promise<Schemas['FreelancerExperienceResponse']> => {
    const data = await freelancer(request).setExperience(userId(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Experience saved.', data };
  },
  setFreelancerLanguages: async (request, reply): Promise<Schemas['FreelancerLanguagesResponse']> => {
    const data = await freelancer(request).setLanguages(userId(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Languages saved.', data };
  },
  listFreelancerServiceProjects: async (request, reply): Promise<Schemas['FreelancerProjectSummaryPage']> => {
    const { id } = request.params as { id: string };
    const data = await projects(request).listOfService(userId(request), id, pageOf(request));
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },
  getFreelancerProject: async (request, reply): Promise<Schemas['FreelancerProjectResponse']> => {
    const { id } = request.params as { id: string };
    const data = await projects(request).get(userId(request), id);
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },
  getPublicFreelancerProfile: async (request, reply): Promise<Schemas['FreelancerPublicProfileResponse']> => {
    const { uid } = request.params as { uid: string };
    const viewerId = request.viewer?.userId ?? null;
    const data = await publicPages(request).profile(uid, viewerId);
    // The owner's answer carries the completion score: kept by nobody.
    if (viewerId === uid) noStore(reply);
    else publicCache(reply);
    return { status: 'success', message: 'OK', data };
  },
  listPublicFreelancerServices: async (request, reply): Promise<Schemas['FreelancerPublicServiceList']> => {
    const { uid } = request.params as { uid: string };
    const data = await publicPages(request).services(uid);
    publicCache(reply);
    return { status: 'success', message: 'OK', data };
  },
  listPublicFreelancerProjects: async (request, reply): Promise<Schemas['FreelancerProjectSummaryPage']> => {
    const { uid, sid } = request.params as { uid: string; sid: Schemas['ProviderServiceFamilySlug'] };
    const data = await publicPages(request).projects(uid, sid, pageOf(request));
    publicCache(reply);
    return { status: 'success', message: 'OK', data };
  },
  getPublicFreelancerProject: async (request, reply): Promise<Schemas['FreelancerPublicProjectResponse']> => {
    const { uid, pid } = request.params as { uid: string; pid: string };
    const data = await publicPages(request).project(uid, pid);
    publicCache(reply);
    return { status: 'success', message: 'OK', data };
  },
  updateFreelancerTagline: async (request, reply): Promise<Schemas['FreelancerTaglineResponse']> => {
    const data = await freelancer(request).updateTagline(userId(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Tagline saved.', data };
  },
  updateFreelancerPersonalDetails: async (request, reply): Promise<Schemas['AccountPersonalDetailsResponse']> => {
    const data = await freelancer(request).updatePersonalDetails(userId(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Personal details saved.', data };
  },
  updateFreelancerBusinessDetails: async (request, reply): Promise<Schemas['FreelancerBusinessDetailsResponse']> => {
    const data = await freelancer(request).updateBusinessDetails(userId(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Business details saved.', data };
  },
};
