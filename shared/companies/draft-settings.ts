import { settledSettings } from '../db/capacity/settled-settings.ts';
import type { DraftSettings } from './store.ts';

/** The company's settings as drafts use them (the port: store.ts), as shared/db keeps them. */
export const draftSettings: DraftSettings = settledSettings;
