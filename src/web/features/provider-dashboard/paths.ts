import { linkOptions } from '@tanstack/react-router';

/** The freelancer's own projects of one service (routes.tsv: /dashboard/services/{sid}/projects/...). */
export const projectsLink = (serviceSlug: string) =>
  linkOptions({ to: '/dashboard/services/$sid/projects/', params: { sid: serviceSlug } });
export const projectLink = (serviceSlug: string, projectId: string) =>
  linkOptions({ to: '/dashboard/services/$sid/projects/$pid/details/', params: { sid: serviceSlug, pid: projectId } });
export const editProjectLink = (serviceSlug: string, projectId: string) =>
  linkOptions({ to: '/dashboard/services/$sid/projects/$pid/edit/', params: { sid: serviceSlug, pid: projectId } });

/** A project as clients and visitors see it, on the freelancer's public pages. */
export const publicProjectLink = (uid: string, serviceSlug: string, projectId: string) =>
  linkOptions({
    to: '/freelancer/$uid/services/$sid/projects/$pid/details/',
    params: { uid, sid: serviceSlug, pid: projectId },
  });
