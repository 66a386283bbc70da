import * as z from '../schemas/zod.ts';
import { Version } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery } from '../schemas/list-query.ts';

const name = () => z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)));

const yearFields = () => ({
  name: name(),
  startDate: IsoDateField(),
  endDate: IsoDateField(),
  /** Omitted: calendar-month periods are generated. */
  periods: z.optional(z.array(z.strictObject({ name: name(), startDate: IsoDateField(), endDate: IsoDateField() }))),
});

export const CreateYearBody = /* @__PURE__ */ lazy(() => z.strictObject(yearFields()));
export type CreateYearInput = z.output<ReturnType<typeof CreateYearBody>>;

export const UpdateYearBody = /* @__PURE__ */ lazy(() => z.strictObject({ ...yearFields(), version: Version() }));
export type UpdateYearInput = z.output<ReturnType<typeof UpdateYearBody>>;

export const ListYearsQuery = listQuery(['StartDate'], 'StartDate');
export const ListPeriodsQuery = listQuery(['StartDate'], 'StartDate');
