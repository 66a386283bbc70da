import { describe, expect, it } from 'vitest';
import { localScheduleSeconds } from '../../infra/local/schedule-interval.ts';

describe("npm start's schedule worker interval (LOCAL_SCHEDULE_SECONDS)", () => {
  it('is 10 s unless set, the seconds set otherwise, and refuses what is not a number of seconds above 0, naming the variable', () => {
    expect(localScheduleSeconds({})).toBe(10);
    expect(localScheduleSeconds({ LOCAL_SCHEDULE_SECONDS: '1' })).toBe(1);
    expect(localScheduleSeconds({ LOCAL_SCHEDULE_SECONDS: '0.5' })).toBe(0.5);
    for (const wrong of ['0', '-3', 'soon', 'Infinity']) expect(() => localScheduleSeconds({ LOCAL_SCHEDULE_SECONDS: wrong })).toThrow(`LOCAL_SCHEDULE_SECONDS must be a number of seconds above 0, not ${wrong}`);
  });
});
