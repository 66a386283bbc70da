import * as z from 'zod';
import { Version } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { listQuery } from '../schemas/list-query.ts';

const PeriodInput = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  startDate: IsoDateField,
  endDate: IsoDateField,
});

const YearFields = {
  name: z.string().trim().min(1).max(100).optional(),
  startDate: IsoDateField,
  endDate: IsoDateField,
  /** Omitted: calendar-month periods are generated. */
  periods: z.array(PeriodInput).optional(),
};

export const CreateYearBody = z.strictObject(YearFields);
export type CreateYearInput = z.infer<typeof CreateYearBody>;

export const UpdateYearBody = z.strictObject({ ...YearFields, version: Version });
export type UpdateYearInput = z.infer<typeof UpdateYearBody>;

export const ListYearsQuery = listQuery(['StartDate'], 'StartDate');
export const ListPeriodsQuery = listQuery(['StartDate'], 'StartDate');
