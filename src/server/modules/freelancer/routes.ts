import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { PROJECT_SIZES } from './project-sizes';
import { projectService } from './projects';
import { publicFreelancerService } from './public';
import { freelancerService } from './service';

const freelancer = (request: FastifyRequest) => freelancerService(request.server);
const projects = (request: FastifyRequest) => projectService(request.server);
const publicPages = (request: FastifyRequest) => publicFreelancerService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;
const pageOf = (query: { page?: number; pageSize?: number }) => ({
  page: query.page ?? 1,
  pageSize: query.pageSize ?? 20,
});

/** The freelancer tag: profile sections, services, portfolio projects and the public pages. */
export const freelancerRoutes: OperationHandlers = {
  updateFreelancerAbout: async (request) => {
    const data = await freelancer(request).updateAbout(caller(request), request.body);
    return answer(data, { message: 'About section saved.' });
  },
  listProjectSizes: async () => PROJECT_SIZES,
  addFreelancerProject: async (request) => {
    const data = await projects(request).add(caller(request), request.body);
    return answer(data, { message: 'Project added.' });
  },
  updateFreelancerProject: async (request) => {
    const data = await projects(request).update(caller(request), request.params.id, request.body);
    return answer(data, { message: 'Project updated.' });
  },
  setFreelancerServiceDetails: async (request) => {
    const data = await freelancer(request).setServiceDetails(caller(request), request.body);
    return answer(data, { message: 'Service details saved.' });
  },
  setFreelancerEducation: async (request) => {
    const data = await freelancer(request).setEducation(caller(request), request.body);
    return answer(data, { message: 'Education saved.' });
  },
  setFreelancerExperience: async (request) => {
    const data = await freelancer(request).setExperience(caller(request), request.body);
    return answer(data, { message: 'Experience saved.' });
  },
  setFreelancerLanguages: async (request) => {
    const data = await freelancer(request).setLanguages(caller(request), request.body);
    return answer(data, { message: 'Languages saved.' });
  },
  listFreelancerServiceProjects: (request) =>
    projects(request).listOfService(caller(request), request.params.id, pageOf(request.query)),
  getFreelancerProject: (request) => projects(request).get(caller(request), request.params.id),

  getPublicFreelancerProfile: async (request) => {
    const { uid } = request.params;
    const viewerId = request.viewer?.userId ?? null;
    const data = await publicPages(request).profile(uid, viewerId);
    // The owner's answer carries the completion score: kept by nobody.
    return viewerId === uid ? answer(data, { cache: 'no-store' }) : data;
  },
  listPublicFreelancerServices: (request) => publicPages(request).services(request.params.uid),
  listPublicFreelancerProjects: (request) =>
    publicPages(request).projects(request.params.uid, request.params.sid, pageOf(request.query)),
  getPublicFreelancerProject: (request) => publicPages(request).project(request.params.uid, request.params.pid),

  updateFreelancerTagline: async (request) => {
    const data = await freelancer(request).updateTagline(caller(request), request.body);
    return answer(data, { message: 'Tagline saved.' });
  },
  updateFreelancerPersonalDetails: async (request) => {
    const data = await freelancer(request).updatePersonalDetails(caller(request), request.body);
    return answer(data, { message: 'Personal details saved.' });
  },
  updateFreelancerBusinessDetails: async (request) => {
    const data = await freelancer(request).updateBusinessDetails(caller(request), request.body);
    return answer(data, { message: 'Business details saved.' });
  },
};
