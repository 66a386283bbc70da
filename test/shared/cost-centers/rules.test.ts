import { describe, expect, it } from 'vitest';
import { nextStatus } from '../../../shared/cost-centers/rules.ts';
import { StateConflict } from '../../../shared/errors.ts';

describe('cost center state table', () => {
  it('moves inactive -> active on Activate and active -> inactive on Deactivate', () => {
    expect(nextStatus('inactive', 'Activate')).toBe('active');
    expect(nextStatus('active', 'Deactivate')).toBe('inactive');
  });

  it('refuses the other two combinations with InvalidState', () => {
    for (const [state, transition] of [['active', 'Activate'], ['inactive', 'Deactivate']] as const) {
      try {
        nextStatus(state, transition);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(StateConflict);
        expect((error as StateConflict).items[0]!.code).toBe('InvalidState');
      }
    }
  });
});
