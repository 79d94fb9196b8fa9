import type { FastifyRequest } from 'fastify';
import { answer, withMessage, type OperationHandlers, type UploadChecks } from '../../contract/handlers';
import { spendUploadAllowance } from '../upload-allowance';
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
  updateFreelancerAbout: withMessage('About section saved.', (request) =>
    freelancer(request).updateAbout(caller(request), request.body),
  ),
  listProjectSizes: async () => PROJECT_SIZES,
  addFreelancerProject: withMessage('Project added.', (request) =>
    projects(request).add(caller(request), request.body),
  ),
  updateFreelancerProject: withMessage('Project updated.', (request) =>
    projects(request).update(caller(request), request.params.id, request.body),
  ),
  setFreelancerServiceDetails: withMessage('Service details saved.', (request) =>
    freelancer(request).setServiceDetails(caller(request), request.body),
  ),
  setFreelancerEducation: withMessage('Education saved.', (request) =>
    freelancer(request).setEducation(caller(request), request.body),
  ),
  setFreelancerExperience: withMessage('Experience saved.', (request) =>
    freelancer(request).setExperience(caller(request), request.body),
  ),
  setFreelancerLanguages: withMessage('Languages saved.', (request) =>
    freelancer(request).setLanguages(caller(request), request.body),
  ),
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

  getFreelancerSettings: (request) => freelancer(request).settings(caller(request)),
  updateFreelancerTagline: withMessage('Tagline saved.', (request) =>
    freelancer(request).updateTagline(caller(request), request.body),
  ),
  updateFreelancerPersonalDetails: withMessage('Personal details saved.', (request) =>
    freelancer(request).updatePersonalDetails(caller(request), request.body),
  ),
  updateFreelancerBusinessDetails: withMessage('Business details saved.', (request) =>
    freelancer(request).updateBusinessDetails(caller(request), request.body),
  ),
};

/** Projects and service details may carry images and files: each spends the upload allowance first. */
export const freelancerUploadChecks: UploadChecks = {
  addFreelancerProject: spendUploadAllowance,
  updateFreelancerProject: spendUploadAllowance,
  setFreelancerServiceDetails: spendUploadAllowance,
};
