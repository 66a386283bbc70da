import * as z from 'zod';
import { Version } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery } from '../schemas/list-query.ts';

const yearFields = () => ({
  name: z.string().trim().min(1).max(100).optional(),
  startDate: IsoDateField(),
  endDate: IsoDateField(),
  /** Omitted: calendar-month periods are generated. */
  periods: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(100).optional(),
        startDate: IsoDateField(),
        endDate: IsoDateField(),
      }),
    )
    .optional(),
});

export const CreateYearBody = lazy(() => z.strictObject(yearFields()));
export type CreateYearInput = z.output<ReturnType<typeof CreateYearBody>>;

export const UpdateYearBody = lazy(() => z.strictObject({ ...yearFields(), version: Version() }));
export type UpdateYearInput = z.output<ReturnType<typeof UpdateYearBody>>;

export const ListYearsQuery = listQuery(['StartDate'], 'StartDate');
export const ListPeriodsQuery = listQuery(['StartDate'], 'StartDate');
