import { describe, expect, it } from 'vitest';
import { vatWalkthrough } from '../../examples/vat-walkthrough.ts';
import { signedInUser, useGateway } from '../support/api.ts';

const gateway = useGateway();

describe('the VAT walkthrough', () => {
  it('loads the Saudi codes, posts a taxed sale and purchase, and prints the return', async () => {
    const { token } = await signedInUser(gateway.url);
    const lines: string[] = [];

    const { vat } = await vatWalkthrough(gateway.url(), token, (line) => lines.push(line));

    if (process.env.SHOW_WALKTHROUGH) console.log(lines.join('\n'));
    expect(vat.netDue).toBe('90.00');
    // README shows the whole output (test/infra/readme-blocks.test.ts compares it); here, what it must say.
    expect(lines).toContain('  credit 150.00 Output VAT (VAT of line 1)');
    expect(lines).toContain('  debit  400.00 Office supplies (P-STD at 15%: VAT 60.00, boxes 7)');
    expect(lines.at(-1)).toBe('net VAT due: 90.00');
  }, 60_000);
});
