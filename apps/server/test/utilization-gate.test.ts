// The utilization gate of load shedding (lib/utilization-gate.ts): what share of new work it refuses as
// the event loop's utilization samples come in.
import { describe, expect, it } from 'vitest';
import { UtilizationGate } from '../src/lib/utilization-gate';

const gate = (options: Partial<ConstructorParameters<typeof UtilizationGate>[0]> = {}) =>
  new UtilizationGate({ maxUtilization: 0.95, ...options });

describe('UtilizationGate', () => {
  it('refuses nothing until the loop has been saturated for the sustained samples', () => {
    const g = gate();
    for (let i = 0; i < 4; i++) g.sample(1);
    expect(g.refusedShare).toBe(0);
    expect(g.refuses(0)).toBe(false);
    g.sample(1);
    expect(g.refusedShare).toBeCloseTo(0.1);
    expect(g.refuses(0.05)).toBe(true);
    expect(g.refuses(0.15)).toBe(false);
  });

  it('raises the share a step a sample while saturated, up to the cap, and lowers it a step a sample after', () => {
    const g = gate({ sustained: 1 });
    for (let i = 0; i < 20; i++) g.sample(0.99);
    expect(g.refusedShare).toBeCloseTo(0.9);
    expect(g.refuses(0.95)).toBe(false);
    g.sample(0.5);
    expect(g.refusedShare).toBeCloseTo(0.8);
    // Over again, but not yet for the sustained samples: the share holds.
    const held = gate({ sustained: 3 });
    for (let i = 0; i < 5; i++) held.sample(1);
    expect(held.refusedShare).toBeCloseTo(0.3);
    held.sample(0.2);
    expect(held.refusedShare).toBeCloseTo(0.2);
    held.sample(1);
    held.sample(1);
    expect(held.refusedShare).toBeCloseTo(0.2);
    held.sample(1);
    expect(held.refusedShare).toBeCloseTo(0.3);
  });

  it('a single long pause (garbage collection, start-up) refuses nothing', () => {
    const g = gate();
    for (const utilization of [1, 1, 0.3, 1, 1, 1, 0.2, 1]) g.sample(utilization);
    expect(g.refusedShare).toBe(0);
  });

  it('at 0 is off: a saturated loop refuses nothing', () => {
    const g = gate({ maxUtilization: 0, sustained: 1 });
    for (let i = 0; i < 10; i++) g.sample(1);
    expect(g.refusedShare).toBe(0);
    expect(g.refuses(0)).toBe(false);
  });
});
