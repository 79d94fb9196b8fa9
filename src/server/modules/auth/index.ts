/** The auth module's public face beside its service: finding an account (email changes check the new address is free). */
export { findUserByEmail, findUserById } from './queries';
