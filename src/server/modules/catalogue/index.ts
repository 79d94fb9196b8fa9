/**
 * The catalogue module's public face beside its service: the catalogue as request forms use it
 * (each `x-options` list keyed by the answer it accepts), for the request and product modules.
 */
export { catalogueErrors, requestCatalogue, valueAt, type RequestCatalogue } from './form-values';
