import { describe, expect, it } from 'vitest';
import { localDynamoJvm } from '../../infra/local/dynamodb-local.ts';
import { localScheduleSeconds } from '../../infra/local/schedule-interval.ts';

/** What `npm start` reads from its environment before it starts anything: a wrong value stops it, naming the variable. */
describe("npm start's settings", () => {
  it('LOCAL_SCHEDULE_SECONDS: 10 s unless set, the seconds set otherwise; refuses what is not a number of seconds above 0', () => {
    expect(localScheduleSeconds({})).toBe(10);
    expect(localScheduleSeconds({ LOCAL_SCHEDULE_SECONDS: '1' })).toBe(1);
    expect(localScheduleSeconds({ LOCAL_SCHEDULE_SECONDS: '0.5' })).toBe(0.5);
    for (const wrong of ['0', '-3', 'soon', 'Infinity']) expect(() => localScheduleSeconds({ LOCAL_SCHEDULE_SECONDS: wrong })).toThrow(`LOCAL_SCHEDULE_SECONDS must be a number of seconds above 0, not ${wrong}`);
  });

  it("LOCAL_DYNAMODB_JVM: the emulator's quick-start flags unless set, a named profile otherwise; refuses any other name", () => {
    expect(localDynamoJvm({})).toBe('shortLived');
    expect(localDynamoJvm({ LOCAL_DYNAMODB_JVM: 'default' })).toBe('default');
    expect(localDynamoJvm({ LOCAL_DYNAMODB_JVM: 'busy' })).toBe('busy');
    for (const wrong of ['fast', 'toString', '']) expect(() => localDynamoJvm({ LOCAL_DYNAMODB_JVM: wrong })).toThrow(`LOCAL_DYNAMODB_JVM must be one of shortLived, busy, default, not ${wrong}`);
  });
});
