import { lazy } from 'react';

const load = () => import('./SignedInShell');

/** The signed-in account area of the site header, loaded once someone is signed in. */
export const SignedInAccount = lazy(() => load().then((module) => ({ default: module.SignedInAccount })));

/** The live message updates, loaded once someone is signed in. */
export const LiveMessages = lazy(() => load().then((module) => ({ default: module.LiveMessages })));
