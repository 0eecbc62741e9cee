/**
 * createdRangeQuery: the history filters' Created After / Created Before as ISO 8601 with the
 * offset of the workflow's zone at that time; empty filters send nothing; a bad date names
 * its field.
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import { createdRangeQuery } from '../../../../nodes/VoiceAgentCalling/actions/call/historyQuery';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentCalling' } as INode;

describe('createdRangeQuery', () => {
	test('a date without offset is local time in the zone; its offset that day is added', () => {
		expect(
			createdRangeQuery(
				node,
				{ startDate: '2026-01-15T09:00:00', endDate: '2026-07-15T18:30:00' },
				'America/New_York',
				0,
			),
		).toEqual({ start_date: '2026-01-15T09:00:00-05:00', end_date: '2026-07-15T18:30:00-04:00' });
		expect(
			createdRangeQuery(node, { startDate: '2026-03-01T00:00:00' }, 'Asia/Kolkata', 0),
		).toEqual({ start_date: '2026-03-01T00:00:00+05:30' });
	});

	test('a date with an offset is the same instant, told in the zone', () => {
		expect(
			createdRangeQuery(node, { endDate: '2026-01-15T14:00:00Z' }, 'America/New_York', 0),
		).toEqual({ end_date: '2026-01-15T09:00:00-05:00' });
	});

	test('unset, empty or null filters, and other filters, send nothing', () => {
		fc.assert(
			fc.property(
				fc.record(
					{
						startDate: fc.constantFrom(undefined, '', null),
						endDate: fc.constantFrom(undefined, '', null),
						status: fc.string(),
					},
					{ requiredKeys: [] },
				),
				fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata'),
				(filters, zone) => {
					expect(createdRangeQuery(node, filters, zone, 0)).toEqual({});
				},
			),
			{ numRuns: 100, seed: 20260101 },
		);
	});

	test.each([
		[
			{ startDate: 'yesterday' },
			'Filters › Created After: "yesterday" is not a date-time [item 2]',
		],
		[
			{ startDate: '2026-01-01T00:00:00', endDate: '2026-02-30T00:00:00' },
			'Filters › Created Before: "2026-02-30T00:00:00" is not a date-time [item 2]',
		],
		[{ endDate: 12 }, 'Filters › Created Before: 12 is not a date-time [item 2]'],
	])('%j is refused, naming the field and the item', (filters, message) => {
		expect(() => createdRangeQuery(node, filters, 'UTC', 2)).toThrow(new Error(message));
	});
});
