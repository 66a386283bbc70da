// The year hint is a cache, so it lives with the other capacity mechanisms (db/capacity/year-hint.ts);
// the reports read every year through it from here.
export { allYears } from '../db/capacity/year-hint.ts';
